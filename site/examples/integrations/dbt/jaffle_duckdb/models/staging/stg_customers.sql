select
    customer_id,
    first_name,
    last_name,
    upper(country_code) as country_code
from {{ ref('raw_customers') }}
