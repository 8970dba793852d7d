with completed_orders as (
    select
        customer_id,
        count(*) as order_count,
        min(order_date) as first_order_date,
        max(order_date) as last_order_date,
        sum(amount) as lifetime_value
    from {{ ref('stg_orders') }}
    where status = 'completed'
    group by customer_id
)

select
    customers.customer_id,
    customers.first_name,
    customers.last_name,
    countries.country_name,
    coalesce(completed_orders.order_count, 0) as order_count,
    completed_orders.first_order_date,
    completed_orders.last_order_date,
    coalesce(completed_orders.lifetime_value, 0) as lifetime_value
from {{ ref('stg_customers') }} as customers
left join {{ ref('countries') }} as countries
    on customers.country_code = countries.country_code
left join completed_orders
    on customers.customer_id = completed_orders.customer_id
