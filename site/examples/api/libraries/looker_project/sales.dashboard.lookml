- dashboard: sales
  title: Sales
  layout: newspaper
  elements:
  - title: Order count
    name: order_count
    model: shop
    explore: orders
    type: single_value
    fields: [orders.count]
