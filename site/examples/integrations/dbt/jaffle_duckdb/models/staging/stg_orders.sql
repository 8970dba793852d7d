select
    order_id,
    customer_id,
    cast(order_date as date) as order_date,
    lower(status) as status,
    cast(amount as decimal(10, 2)) as amount
from {{ source('jaffle_shop', 'raw_orders') }}
