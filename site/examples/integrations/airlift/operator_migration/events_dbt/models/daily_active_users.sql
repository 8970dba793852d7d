select
    event_date,
    count(distinct user_id) as active_users
from {{ ref('stg_app_events') }}
group by event_date
order by event_date
