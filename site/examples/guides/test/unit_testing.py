import dagster as dg


# start_assets
@dg.asset
def raw_signups() -> list[dict]:
    return [{"email": "A@example.com"}, {"email": "b@example.com"}]


@dg.asset
def normalized_signups(raw_signups: list[dict]) -> list[str]:
    return sorted(row["email"].lower() for row in raw_signups)


# end_assets


# start_asset_with_context
@dg.asset
def signup_count(context: dg.AssetExecutionContext, normalized_signups: list[str]) -> int:
    context.log.info(f"{len(normalized_signups)} signups")
    return len(normalized_signups)


# end_asset_with_context


# start_asset_with_config
class ThresholdConfig(dg.Config):
    minimum: int = 1


@dg.asset
def enough_signups(config: ThresholdConfig, signup_count: int) -> bool:
    return signup_count >= config.minimum


# end_asset_with_config


# start_asset_with_resource
class MailingListClient(dg.ConfigurableResource):
    api_url: str

    def subscribe(self, emails: list[str]) -> int:
        raise NotImplementedError("Talks to the real mailing list service")


@dg.asset
def subscribed(mailing_list: MailingListClient, normalized_signups: list[str]) -> int:
    return mailing_list.subscribe(normalized_signups)


# end_asset_with_resource


# start_partitioned_asset
@dg.asset(partitions_def=dg.DailyPartitionsDefinition(start_date="2024-01-01"))
def daily_visits(context: dg.AssetExecutionContext) -> str:
    return f"visits for {context.partition_key}"


# end_partitioned_asset


# start_op
@dg.op
def double(context: dg.OpExecutionContext, value: int) -> int:
    context.log.info(f"Doubling {value}")
    return value * 2


@dg.op
def one() -> int:
    return 1


@dg.job
def doubling_job():
    double(one())


# end_op


defs = dg.Definitions(
    assets=[
        raw_signups,
        normalized_signups,
        signup_count,
        enough_signups,
        subscribed,
        daily_visits,
    ],
    jobs=[doubling_job],
    resources={"mailing_list": MailingListClient(api_url="https://lists.example.com")},
)
