import dagster as dg


class WarehouseResource(dg.ConfigurableResource):
    """Connection settings for a warehouse, read from the environment at run time."""

    host: str
    password: str

    def query(self, sql: str) -> list[int]:
        # A real resource would open a connection here.
        return [10, 20, 12]


class ReportingResource(dg.ConfigurableResource):
    """A resource that uses another resource through a dependency field."""

    warehouse: dg.ResourceDependency[WarehouseResource]
    schema_name: str = "reporting"

    def total(self) -> int:
        return sum(self.warehouse.query(f"select amount from {self.schema_name}.orders"))


class Clock:
    """A plain Python object, not a ConfigurableResource."""

    def today(self) -> str:
        return "2026-01-01"


@dg.resource(config_schema={"prefix": str})
def label_maker(init_context: dg.InitResourceContext):
    prefix = init_context.resource_config["prefix"]
    return lambda name: f"{prefix}-{name}"


@dg.asset
def order_total(reporting: ReportingResource, clock: dg.ResourceParam[Clock]) -> dict:
    return {"day": clock.today(), "total": reporting.total()}


warehouse = WarehouseResource(host="db.internal", password=dg.EnvVar("WAREHOUSE_PASSWORD"))

defs = dg.Definitions(
    assets=[order_total],
    resources={
        "reporting": ReportingResource(warehouse=warehouse),
        "clock": Clock(),
        "labels": label_maker.configured({"prefix": "orders"}),
    },
)
