# start_imports
import dagster as dg
from dagster_duckdb import DuckDBResource

from .ingestion import raw_tickets
from .resources import CATEGORIES, SYSTEM_PROMPT


# end_imports
# start_cleaned_tickets
@dg.asset(deps=[raw_tickets], kinds={"duckdb"}, group_name="features")
def cleaned_tickets(duckdb: DuckDBResource) -> dg.MaterializeResult:
    """Tickets with a body and a known category, trimmed and deduplicated."""
    known = ", ".join(f"'{category}'" for category in CATEGORIES)
    with duckdb.get_connection() as conn:
        conn.execute(
            f"""
            create or replace table cleaned_tickets as
            select min(ticket_id) as ticket_id, subject, body, category
            from (
                select
                    ticket_id,
                    trim(subject) as subject,
                    trim(body) as body,
                    lower(trim(category)) as category
                from raw_tickets
            )
            where coalesce(body, '') <> '' and category in ({known})
            group by subject, body, category
            order by ticket_id
            """
        )
        counts = conn.execute(
            "select category, count(*) from cleaned_tickets group by 1 order by 1"
        ).fetchall()
    return dg.MaterializeResult(
        metadata={
            "dagster/row_count": sum(n for _, n in counts),
            "tickets_per_category": dict(counts),
        }
    )


# end_cleaned_tickets
# start_ticket_examples
class ExampleSplitConfig(dg.Config):
    # Every n-th ticket (by id) is kept aside to validate the model.
    validation_every_nth: int = 5


@dg.asset(deps=[cleaned_tickets], kinds={"duckdb"}, group_name="features")
def ticket_examples(
    config: ExampleSplitConfig, duckdb: DuckDBResource
) -> dg.MaterializeResult:
    """One example per ticket: the text the model reads, its label, and its split."""
    with duckdb.get_connection() as conn:
        conn.execute(
            """
            create or replace table ticket_examples as
            select
                ticket_id,
                'Subject: ' || subject || chr(10) || chr(10) || body as ticket_text,
                category as label,
                case when ticket_id % $nth = 0 then 'validation' else 'training' end
                    as split
            from cleaned_tickets
            order by ticket_id
            """,
            {"nth": config.validation_every_nth},
        )
        splits = conn.execute(
            "select split, count(*) from ticket_examples group by 1 order by 1"
        ).fetchall()
    return dg.MaterializeResult(
        metadata={f"{split}_examples": n for split, n in splits}
    )


# end_ticket_examples
# start_ticket_messages
def ticket_messages(ticket_text: str, label: str | None = None) -> list[dict]:
    """The chat messages for one ticket, with the answer when it is known."""
    messages = [
        {"role": "system", "content": SYSTEM_PROMPT},
        {"role": "user", "content": ticket_text},
    ]
    if label is not None:
        messages.append({"role": "assistant", "content": label})
    return messages


# end_ticket_messages
