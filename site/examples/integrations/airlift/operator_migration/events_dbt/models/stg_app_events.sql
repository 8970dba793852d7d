select
    event_id,
    user_id,
    event_type,
    cast(occurred_at as timestamp) as occurred_at,
    cast(occurred_at as date) as event_date
from {{ ref('raw_app_events') }}
