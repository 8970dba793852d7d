"""Run configuration for assets with dg.Config."""

import dagster as dg


# start_config_class
class ForecastConfig(dg.Config):
    region: str = "emea"
    horizon_days: int = 7
    include_weekends: bool = True


# end_config_class


# start_configured_asset
@dg.asset
def sales_history() -> list[float]:
    return [100.0, 120.0, 90.0, 130.0, 110.0]


@dg.asset
def sales_forecast(
    context: dg.AssetExecutionContext, config: ForecastConfig, sales_history: list[float]
) -> list[float]:
    average = sum(sales_history) / len(sales_history)
    days = config.horizon_days if config.include_weekends else config.horizon_days * 5 // 7
    context.log.info(f"Forecasting {days} days for {config.region}")
    return [round(average, 2)] * days


# end_configured_asset


# start_required_config
class ExportConfig(dg.Config):
    # No default: Dagster refuses to launch the run until a value is supplied.
    destination: str


@dg.asset
def forecast_export(config: ExportConfig, sales_forecast: list[float]) -> str:
    return f"{len(sales_forecast)} rows sent to {config.destination}"


# end_required_config


# start_job_with_config
forecast_job = dg.define_asset_job(
    name="forecast_job",
    selection=[sales_history, sales_forecast, forecast_export],
    config=dg.RunConfig(
        ops={
            "sales_forecast": ForecastConfig(region="apac", horizon_days=14),
            "forecast_export": ExportConfig(destination="s3://reports/forecast.csv"),
        }
    ),
)
# end_job_with_config


# start_definitions
defs = dg.Definitions(
    assets=[sales_history, sales_forecast, forecast_export], jobs=[forecast_job]
)
# end_definitions
