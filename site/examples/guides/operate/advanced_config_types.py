import enum
from typing import Literal

import dagster as dg
from pydantic import Field


# start_defaults_and_optional
class ExportConfig(dg.Config):
    # Required: no default, so the run config must set it.
    bucket: str
    # Optional with a default.
    prefix: str = "exports/"
    # May be left out or set to null.
    max_rows: int | None = None
    # Field adds a description (shown in the launchpad) and validation.
    batch_size: int = Field(default=500, gt=0, description="Rows per write")


# end_defaults_and_optional


# start_collections
class FilterConfig(dg.Config):
    countries: list[str] = ["US", "CA"]
    column_renames: dict[str, str] = {}


# end_collections


# start_nested
class DatabaseTarget(dg.Config):
    schema_name: str
    table: str


class CopyConfig(dg.Config):
    source: DatabaseTarget
    destination: DatabaseTarget
    truncate_first: bool = False


# end_nested


# start_enum
class Compression(enum.Enum):
    NONE = "none"
    GZIP = "gzip"
    ZSTD = "zstd"


class ArchiveConfig(dg.Config):
    compression: Compression = Compression.GZIP
    file_format: Literal["csv", "parquet"] = "parquet"


# end_enum


# start_union
class S3Source(dg.Config):
    source_type: Literal["s3"] = "s3"
    bucket: str


class LocalSource(dg.Config):
    source_type: Literal["local"] = "local"
    path: str


class IngestConfig(dg.Config):
    source: S3Source | LocalSource = Field(discriminator="source_type")


# end_union


@dg.asset
def exported_orders(config: ExportConfig) -> str:
    return f"s3://{config.bucket}/{config.prefix}"


@dg.asset
def filtered_customers(config: FilterConfig) -> list[str]:
    return [c.lower() for c in config.countries]


@dg.asset
def copied_table(config: CopyConfig) -> str:
    return f"{config.source.schema_name}.{config.source.table} -> {config.destination.table}"


@dg.asset
def archive(config: ArchiveConfig) -> str:
    return f"{config.file_format}+{config.compression.value}"


@dg.asset
def ingested_files(config: IngestConfig) -> str:
    if isinstance(config.source, S3Source):
        return f"s3://{config.source.bucket}"
    return config.source.path


# start_env_var
class WarehouseResource(dg.ConfigurableResource):
    account: str
    password: str

    def connect_string(self) -> str:
        return f"{self.account}:***"


warehouse = WarehouseResource(
    account=dg.EnvVar("WAREHOUSE_ACCOUNT"),
    password=dg.EnvVar("WAREHOUSE_PASSWORD"),
)
# end_env_var


# start_legacy_schema
@dg.op(
    config_schema={
        "mode": dg.Field(
            dg.Enum(
                "SyncMode",
                [dg.EnumValue("full"), dg.EnumValue("incremental")],
            ),
            default_value="incremental",
            description="How much data to copy",
        ),
        "credentials": dg.Selector(
            {
                "token": dg.Field(dg.StringSource),
                "user_password": {"user": str, "password": dg.StringSource},
            }
        ),
        "extra_options": dg.Field(dg.Permissive(), is_required=False),
        "retries": dg.Field(dg.Noneable(int), default_value=None),
    }
)
def sync_table(context: dg.OpExecutionContext) -> str:
    return context.op_config["mode"]


@dg.job
def sync_job():
    sync_table()


# end_legacy_schema


defs = dg.Definitions(
    assets=[exported_orders, filtered_customers, copied_table, archive, ingested_files],
    jobs=[sync_job],
    resources={"warehouse": warehouse},
)
