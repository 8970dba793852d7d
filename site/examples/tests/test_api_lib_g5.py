"""Tests for the examples of the library API reference pages of group g5:
DuckDB, Delta Lake, pandas, Polars, Pandera, Spark, PySpark, W&B (and the
no-import examples of dagster-ge, dagster-mlflow and dagster-datahub)."""

import ast
from pathlib import Path

import dagster as dg
import duckdb
import pandas as pd
import polars as pl
import pytest

from example_loader import EXAMPLES_ROOT, load_example


# --- dagster-duckdb ------------------------------------------------------------


def test_duckdb_resource_and_custom_io_manager(tmp_path):
    from dagster_duckdb import DuckDBResource

    example = load_example("api/libraries/dagster_duckdb_reference.py")
    db = str(tmp_path / "warehouse.duckdb")
    result = dg.materialize(
        [example.raw_orders, example.revenue_by_region, example.customers, example.customers_per_region],
        resources={
            "duckdb": DuckDBResource(database=db),
            "warehouse": example.WarehouseIOManager(database=db, connection_config={"threads": 2}),
        },
    )
    assert result.success
    revenue = result.asset_materializations_for_node("revenue_by_region")[0].metadata["revenue"]
    assert revenue.value == {"EU": 32.5, "US": 35.5}
    # The key prefix became the schema, the asset name the table.
    with duckdb.connect(db) as conn:
        rows = conn.execute("select region, size from sales.customers_per_region order by region").fetchall()
        assert rows == [("EU", 2), ("US", 1)]
    # Each value went to the handler of its type.
    assert isinstance(result.output_for_node("sales__customers"), pl.DataFrame)
    assert isinstance(result.output_for_node("sales__customers_per_region"), pd.DataFrame)


def test_duckdb_io_manager_defaults_and_schema_alias():
    example = load_example("api/libraries/dagster_duckdb_reference.py")
    manager = example.WarehouseIOManager(database="x.duckdb")
    assert manager.connection_config == {}
    assert manager.schema_ is None
    assert example.WarehouseIOManager(database="x.duckdb", schema="s").schema_ == "s"


def test_build_duckdb_io_manager_returns_definition():
    from dagster_duckdb import build_duckdb_io_manager
    from dagster_duckdb_pandas import DuckDBPandasTypeHandler, duckdb_pandas_io_manager

    definition = build_duckdb_io_manager([DuckDBPandasTypeHandler()], default_load_type=pd.DataFrame)
    assert isinstance(definition, dg.IOManagerDefinition)
    assert isinstance(duckdb_pandas_io_manager, dg.IOManagerDefinition)
    assert set(definition.config_schema.as_field().config_type.fields) == {
        "database",
        "connection_config",
        "schema",
    }


def test_duckdb_pandas_schema_rules_columns_and_partitions(tmp_path):
    from dagster_duckdb_pandas import DuckDBPandasIOManager

    example = load_example("api/libraries/dagster_duckdb_pandas_reference.py")
    db = str(tmp_path / "trips.duckdb")
    resources = {"io_manager": DuckDBPandasIOManager(database=db, schema="rides")}
    result = dg.materialize([example.trips, example.long_trips, example.cities], resources=resources)
    assert result.success
    cities = result.output_for_node("cities")
    assert list(cities.columns) == ["city"]
    written = result.asset_materializations_for_node("trips")[0].metadata
    assert written["dagster/row_count"].value == 3
    assert {"dataframe_columns", "dagster/table_name", "Query"} <= set(written)
    for key in ["EU", "US"]:
        assert dg.materialize([example.fares], resources=resources, partition_key=key).success
    with duckdb.connect(db) as conn:
        # No key prefix: the I/O manager's schema. Metadata "schema": that schema.
        assert conn.execute("select count(*) from rides.trips").fetchone() == (3,)
        assert conn.execute("select count(*) from reporting.long_trips").fetchone() == (2,)
        # Each partition replaced only its own rows.
        assert conn.execute(
            "select region, count(*) from rides.fares group by region order by region"
        ).fetchall() == [("EU", 2), ("US", 2)]


def test_duckdb_pandas_partition_without_partition_expr_fails(tmp_path):
    from dagster_duckdb_pandas import DuckDBPandasIOManager

    @dg.asset(partitions_def=dg.StaticPartitionsDefinition(["a"]))
    def no_expr() -> pd.DataFrame:
        return pd.DataFrame({"x": [1]})

    with pytest.raises(ValueError, match="partition_expr"):
        dg.materialize(
            [no_expr],
            resources={"io_manager": DuckDBPandasIOManager(database=str(tmp_path / "d.duckdb"))},
            partition_key="a",
        )


def test_duckdb_polars_io_manager_stores_tables(tmp_path):
    from dagster_duckdb_polars import DuckDBPolarsIOManager

    example = load_example("api/libraries/dagster_duckdb_polars_reference.py")
    db = str(tmp_path / "sensors.duckdb")
    result = dg.materialize(
        [example.sensor_readings],
        resources={"io_manager": DuckDBPolarsIOManager(database=db)},
    )
    assert result.success
    metadata = result.asset_materializations_for_node("staging__sensor_readings")[0].metadata
    assert metadata["row_count"].value == 3
    with duckdb.connect(db) as conn:
        assert conn.execute("select count(*) from staging.sensor_readings").fetchone() == (3,)


@pytest.mark.skipif(
    int(duckdb.__version__.split(".")[0]) < 2, reason="the failure is specific to duckdb 2"
)
def test_duckdb_polars_load_fails_with_duckdb_2(tmp_path):
    """The page warns that loading a Polars input fails with duckdb 2.x: the type
    handler calls connection.arrow(), which duckdb 2 removed. If this starts to
    pass, drop the warning from dagster-duckdb-polars.md."""
    from dagster_duckdb_polars import DuckDBPolarsIOManager

    example = load_example("api/libraries/dagster_duckdb_polars_reference.py")

    @dg.asset(key_prefix=["staging"])
    def sensors(sensor_readings: pl.DataFrame) -> pl.DataFrame:
        return sensor_readings.select("sensor").unique()

    result = dg.materialize(
        [example.sensor_readings, sensors],
        resources={"io_manager": DuckDBPolarsIOManager(database=str(tmp_path / "s.duckdb"))},
        raise_on_error=False,
    )
    assert not result.success
    failure = [e for e in result.all_events if e.is_step_failure][0]
    assert "arrow" in str(failure.event_specific_data.error)


# --- dagster-deltalake -----------------------------------------------------------


def test_deltalake_pyarrow_io_manager_and_table_resource(tmp_path):
    from dagster_deltalake import DeltaLakePyarrowIOManager, DeltaTableResource, LocalConfig
    from deltalake import DeltaTable

    example = load_example("api/libraries/dagster_deltalake_reference.py")
    root = tmp_path / "lake"
    result = dg.materialize(
        [example.events, example.clicks, example.event_count],
        resources={
            "io_manager": DeltaLakePyarrowIOManager(root_uri=str(root), storage_options=LocalConfig()),
            "events_table": DeltaTableResource(
                url=str(root / "bronze" / "events"), storage_options=LocalConfig()
            ),
        },
    )
    assert result.success
    # <root_uri>/<schema from key prefix>/<table>
    assert DeltaTable(str(root / "bronze" / "clicks")).to_pyarrow_table().num_rows == 2
    metadata = result.asset_materializations_for_node("event_count")[0].metadata
    assert metadata["rows"].value == 3
    assert metadata["version"].value == 0
    written = result.asset_materializations_for_node("bronze__events")[0].metadata
    assert {"table_columns", "table_uri", "dagster/table_name"} <= set(written)


def test_deltalake_config_classes_and_enums():
    from dagster_deltalake import (
        DELTA_DATE_FORMAT,
        DELTA_DATETIME_FORMAT,
        AzureConfig,
        GcsConfig,
        LocalConfig,
        S3Config,
        WriteMode,
        WriterEngine,
    )

    assert [m.value for m in WriteMode] == ["error", "append", "overwrite", "ignore"]
    assert [m.value for m in WriterEngine] == ["pyarrow", "rust"]
    assert DELTA_DATE_FORMAT == "%Y-%m-%d" and DELTA_DATETIME_FORMAT == "%Y-%m-%d %H:%M:%S"
    assert LocalConfig().provider == "local"
    assert S3Config(region="eu-west-1").str_dict() == {
        "provider": "s3",
        "region": "eu-west-1",
        "imdsv1_fallback": "False",
    }
    assert AzureConfig(account_name="acct").provider == "azure"
    assert GcsConfig().provider == "gcs"


def test_deltalake_pandas_partitions_and_append_mode(tmp_path):
    from dagster_deltalake import LocalConfig
    from dagster_deltalake_pandas import DeltaLakePandasIOManager
    from deltalake import DeltaTable

    example = load_example("api/libraries/dagster_deltalake_pandas_reference.py")
    root = tmp_path / "lake"
    resources = {
        "io_manager": DeltaLakePandasIOManager(
            root_uri=str(root), storage_options=LocalConfig(), schema="retail"
        )
    }
    for day in ["2026-01-01", "2026-01-02", "2026-01-01"]:
        assert dg.materialize([example.daily_sales], resources=resources, partition_key=day).success
    for _ in range(2):
        assert dg.materialize([example.audit_log], resources=resources).success
    sales = DeltaTable(str(root / "retail" / "daily_sales")).to_pandas()
    # Re-running a day replaced that day's rows instead of adding to them.
    assert len(sales) == 4
    audit = DeltaTable(str(root / "retail" / "audit_log")).to_pandas()
    assert len(audit) == 2  # "append" metadata kept both runs


def test_deltalake_naive_timestamp_partition_column_overwrites_the_table(tmp_path):
    """The page warns that a naive datetime partition column (Delta timestamp_ntz)
    makes each partition overwrite the whole table."""
    from dagster_deltalake import LocalConfig
    from dagster_deltalake_pandas import DeltaLakePandasIOManager
    from deltalake import DeltaTable

    @dg.asset(
        partitions_def=dg.DailyPartitionsDefinition(start_date="2026-01-01"),
        metadata={"partition_expr": "day"},
    )
    def naive(context: dg.AssetExecutionContext) -> pd.DataFrame:
        return pd.DataFrame({"day": [pd.Timestamp(context.partition_key)], "x": [1]})

    resources = {
        "io_manager": DeltaLakePandasIOManager(root_uri=str(tmp_path), storage_options=LocalConfig())
    }
    for day in ["2026-01-01", "2026-01-02"]:
        assert dg.materialize([naive], resources=resources, partition_key=day).success
    assert len(DeltaTable(str(tmp_path / "public" / "naive")).to_pandas()) == 1


def test_deltalake_polars_lazy_input(tmp_path):
    from dagster_deltalake import LocalConfig
    from dagster_deltalake_polars import DeltaLakePolarsIOManager

    example = load_example("api/libraries/dagster_deltalake_polars_reference.py")
    result = dg.materialize(
        [example.readings, example.sensor_means],
        resources={
            "io_manager": DeltaLakePolarsIOManager(
                root_uri=str(tmp_path / "lake"), storage_options=LocalConfig()
            )
        },
    )
    assert result.success
    means = result.output_for_node("silver__sensor_means")
    assert means.to_dicts() == [{"sensor": "a", "value": 2.0}, {"sensor": "b", "value": 2.0}]


# --- dagster-pandas --------------------------------------------------------------


def test_pandas_column_type_passes_and_records_metadata():
    example = load_example("api/libraries/dagster_pandas_reference.py")
    result = dg.materialize([example.trips, example.scores])
    assert result.success
    good = example.trips()
    check = dg.check_dagster_type(example.TripsDataFrame, good)
    assert check.success
    assert check.metadata["rows"].value == 3


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda df: df.assign(trip_id=[1, 1, 2]), "UniqueColumnConstraint"),
        (lambda df: df.assign(payment=["card", "cash", "coin"]), "CategoricalColumnConstraint"),
        (lambda df: df.assign(extra=1), "StrictColumnsConstraint"),
        (
            lambda df: pd.DataFrame(
                {"trip_id": range(1, 6), "distance_km": [1.0] * 5, "payment": ["card"] * 5}
            ),
            "RowCountConstraint",
        ),
    ],
)
def test_pandas_column_type_rejects_bad_frames(change, message):
    example = load_example("api/libraries/dagster_pandas_reference.py")
    check = dg.check_dagster_type(example.TripsDataFrame, change(example.trips()))
    assert not check.success
    assert message in check.description


def test_pandas_structured_type_reports_failures_as_metadata():
    example = load_example("api/libraries/dagster_pandas_reference.py")
    assert dg.check_dagster_type(example.ScoresDataFrame, example.scores()).success
    bad = pd.DataFrame({"student_id": [1, 1, 3], "score": [88, 120, 71], "grade": ["B", "A", "F"]})
    check = dg.check_dagster_type(example.ScoresDataFrame, bad)
    assert not check.success
    assert set(check.metadata) == {"columns-constraint-metadata", "column-aggregates-constraint-metadata"}
    columns = check.metadata["columns-constraint-metadata"].value
    assert columns["offending"]["score"] and columns["offending"]["grade"]


def test_pandas_dataframe_type_and_loader():
    import dagster_pandas

    assert dagster_pandas.DataFrame.typing_type is pd.DataFrame
    assert dg.check_dagster_type(dagster_pandas.DataFrame, pd.DataFrame({"a": [1]})).success
    assert not dg.check_dagster_type(dagster_pandas.DataFrame, [1, 2]).success
    loader_fields = dagster_pandas.DataFrame.loader.schema_type.fields
    assert set(loader_fields) == {"csv", "parquet", "table", "pickle"}


# --- dagster-pandera -------------------------------------------------------------


def test_pandera_types_check_pandas_and_polars():
    example = load_example("api/libraries/dagster_pandera_reference.py")
    assert dg.materialize([example.orders, example.readings]).success
    assert example.OrdersType.display_name == "Orders"
    assert example.ReadingsType.display_name == "SensorReadings"
    schema = example.OrdersType.metadata["schema"].value
    assert [c.name for c in schema.columns] == ["order_id", "amount", "status"]

    bad = pd.DataFrame({"order_id": [1, 1], "amount": [-1.0, 3.0], "status": ["paid", "lost"]})
    check = dg.check_dagster_type(example.OrdersType, bad)
    assert not check.success
    # Lazy validation: every failure is reported, not just the first.
    assert "unique" in check.description and "isin" in check.description

    hot = pl.DataFrame({"sensor": ["a"], "celsius": [99.0]})
    assert not dg.check_dagster_type(example.ReadingsType, hot).success
    assert not dg.check_dagster_type(example.OrdersType, [1, 2]).success


def test_pandera_rejects_non_schema_and_exports_constants():
    import dagster_pandera

    with pytest.raises(TypeError):
        dagster_pandera.pandera_schema_to_dagster_type({"a": int})
    assert dagster_pandera.CHECK_OPERATORS["greater_than"] == ">"
    assert [c.name for c in dagster_pandera.PANDERA_FAILURE_CASES_SCHEMA.columns] == [
        "schema_context",
        "column",
        "check",
        "check_number",
        "failure_case",
        "index",
    ]
    assert pl.DataFrame in dagster_pandera.VALID_DATAFRAME_CLASSES


# --- dagster-polars (community) --------------------------------------------------


def test_polars_delta_and_parquet_io_managers(tmp_path):
    from dagster_polars import PolarsDeltaIOManager, PolarsParquetIOManager
    from deltalake import DeltaTable

    example = load_example("api/libraries/dagster_polars_reference.py")
    resources = {
        "delta": PolarsDeltaIOManager(base_dir=str(tmp_path)),
        "parquet": PolarsParquetIOManager(base_dir=str(tmp_path)),
    }
    for key in ["north", "south"]:
        assert dg.materialize([example.sales], resources=resources, partition_key=key).success
    everything = [
        example.sales,
        example.sales_by_store,
        example.grand_total,
        example.sales_history,
        example.sales_report,
    ]
    selection = everything[1:]
    for _ in range(2):
        result = dg.materialize(everything, resources=resources, selection=selection)
        assert result.success
    assert result.output_for_node("grand_total").item() == 85.0
    history = DeltaTable(str(tmp_path / "sales_history.delta")).to_pyarrow_table()
    assert history.num_rows == 2  # "append" metadata kept both runs
    metadata = result.asset_materializations_for_node("sales_history")[0].metadata
    assert metadata["version"].value == 1
    report = pl.read_parquet(tmp_path / "exports" / "sales_report.parquet")
    assert report["amount_with_tax"].to_list() == [51.0, 51.0]


@pytest.mark.skipif(pl.__version__.startswith("1."), reason="the failure is specific to Polars 2")
def test_polars_parquet_load_fails_with_polars_2(tmp_path):
    """The page warns that PolarsParquetIOManager cannot load inputs with Polars 2.x
    (scan_parquet lost its rechunk argument). If this passes, drop the warning."""
    from dagster_polars import PolarsParquetIOManager

    @dg.asset
    def up() -> pl.DataFrame:
        return pl.DataFrame({"x": [1]})

    @dg.asset
    def down(up: pl.DataFrame) -> pl.DataFrame:
        return up

    result = dg.materialize(
        [up, down],
        resources={"io_manager": PolarsParquetIOManager(base_dir=str(tmp_path))},
        raise_on_error=False,
    )
    assert not result.success
    failure = [e for e in result.all_events if e.is_step_failure][0]
    assert "rechunk" in str(failure.event_specific_data.error)


def test_polars_partition_aliases_and_base_fields():
    import dagster_polars
    from dagster_polars import BasePolarsUPathIOManager, DeltaWriteMode, PolarsParquetIOManager

    example = load_example("api/libraries/dagster_polars_reference.py")
    frames = {"a": pl.LazyFrame({"x": [1, 2]}), "b": pl.LazyFrame({"x": [3]})}
    assert example.partition_row_counts(frames) == {"a": 2, "b": 1}
    assert dagster_polars.DataFramePartitions == dict[str, pl.DataFrame]
    assert [m.value for m in DeltaWriteMode] == ["error", "append", "overwrite", "ignore"]
    assert PolarsParquetIOManager.extension == ".parquet"
    assert set(BasePolarsUPathIOManager.model_fields) == {"extension", "base_dir", "cloud_storage_options"}
    manager = PolarsParquetIOManager(storage_options={"anon": True})
    assert manager.cloud_storage_options == {"anon": True}


# --- dagster-spark ---------------------------------------------------------------


def test_construct_spark_shell_command():
    from dagster_spark import SparkOpError, construct_spark_shell_command

    command = construct_spark_shell_command(
        application_jar="/opt/jobs/rollup.jar",
        main_class="com.example.DailyRollup",
        master_url="spark://spark-master:7077",
        spark_conf={"spark": {"executor": {"memory": "4g"}}},
        deploy_mode="cluster",
        application_arguments="--date 2026-01-01",
        spark_home="/opt/spark",
    )
    assert command == [
        "/opt/spark/bin/spark-submit",
        "--class",
        "com.example.DailyRollup",
        "--master",
        "spark://spark-master:7077",
        "--deploy-mode",
        "cluster",
        "--conf",
        "spark.executor.memory=4g",
        "/opt/jobs/rollup.jar",
        "--date",
        "2026-01-01",
    ]
    with pytest.raises(SparkOpError, match="spark home"):
        construct_spark_shell_command(application_jar="a.jar", main_class="M", spark_home=None)


def test_spark_op_runs_spark_submit(tmp_path, monkeypatch):
    import copy

    from dagster_spark import SparkOpError, define_spark_config

    example = load_example("api/libraries/dagster_spark_reference.py")
    # A stand-in spark-submit that records its arguments.
    spark_home = tmp_path / "spark"
    (spark_home / "bin").mkdir(parents=True)
    log = tmp_path / "args.txt"
    script = spark_home / "bin" / "spark-submit"
    script.write_text(f'#!/bin/sh\necho "$@" > {log}\n')
    script.chmod(0o755)
    jar = tmp_path / "rollup.jar"
    jar.write_text("")

    config = copy.deepcopy(example.rollup_run_config)
    op_config = config["ops"]["daily_rollup"]["config"]
    op_config.update(application_jar=str(jar), spark_home=str(spark_home))
    assert example.rollup_job.execute_in_process(run_config=config).success
    assert log.read_text().startswith("--class com.example.DailyRollup --master spark://spark-master:7077")

    op_config["application_jar"] = str(tmp_path / "missing.jar")
    with pytest.raises(SparkOpError, match="does not exist"):
        example.rollup_job.execute_in_process(run_config=config)
    assert set(define_spark_config()) == {
        "master_url",
        "deploy_mode",
        "application_jar",
        "spark_conf",
        "spark_home",
        "application_arguments",
    }


def test_spark_pipelines_resource_defaults():
    from dagster_spark import SparkDeclarativePipelineComponent, SparkPipelinesResource

    resource = SparkPipelinesResource()
    assert resource.spark_pipelines_cmd == "spark-pipelines"
    assert resource.dry_run_extra_args == [] and resource.run_extra_args == []
    component = SparkDeclarativePipelineComponent(pipeline_spec_path="spark-pipeline.yml")
    assert component.execution_mode == "incremental"
    assert component.discovery_mode == "dry_run_with_fallback"


# --- dagster-pyspark -------------------------------------------------------------


def test_lazy_pyspark_resource_starts_no_session():
    from dagster_pyspark import LazyPySparkResource

    example = load_example("api/libraries/dagster_pyspark_reference.py")
    resource = LazyPySparkResource(spark_config={"spark.master": "local[1]"})
    result = dg.materialize([example.maybe_uses_spark], resources={"lazy_pyspark": resource})
    assert result.success
    assert resource._spark_session is None


def test_pyspark_function_resources_share_the_config_schema():
    from dagster_pyspark import DataFrame, lazy_pyspark_resource, pyspark_resource

    for definition in (pyspark_resource, lazy_pyspark_resource):
        assert set(definition.config_schema.as_field().config_type.fields) == {"spark_conf"}
    assert DataFrame.display_name == "PySparkDataFrame"
    assert set(DataFrame.loader.schema_type.fields) == {
        "csv", "parquet", "json", "jdbc", "orc", "table", "text", "other",
    }


@pytest.mark.slow
def test_pyspark_resource_runs_a_local_session():
    from dagster_pyspark import PySparkResource

    example = load_example("api/libraries/dagster_pyspark_reference.py")
    result = dg.materialize(
        [example.city_counts],
        resources={
            "pyspark": PySparkResource(
                spark_config={"spark.master": "local[1]", "spark.ui.enabled": "false"}
            )
        },
    )
    assert result.success
    metadata = result.asset_materializations_for_node("city_counts")[0].metadata
    assert metadata["cities"].value == {"Paris": 2, "Lyon": 1}


# --- dagster-wandb ---------------------------------------------------------------


def _config_keys(definition):
    return set(definition.config_schema.as_field().config_type.fields)


def test_wandb_resource_and_io_manager_config_keys():
    from dagster_wandb import wandb_artifacts_io_manager, wandb_resource

    example = load_example("api/libraries/dagster_wandb_reference.py")
    assert example.defs.resolve_job_def("retrain")
    assert _config_keys(wandb_resource) == {"api_key", "host"}
    assert wandb_resource.config_schema.as_field().config_type.fields["host"].default_value == (
        "https://api.wandb.ai"
    )
    assert _config_keys(wandb_artifacts_io_manager) == {
        "run_name",
        "run_id",
        "run_tags",
        "base_dir",
        "cache_duration_in_minutes",
    }
    assert wandb_artifacts_io_manager.required_resource_keys == {"wandb_resource", "wandb_config"}


def test_wandb_launch_ops_and_typed_dicts():
    from dagster_wandb import (
        SerializationModule,
        WandbArtifactConfiguration,
        WandbArtifactsIOManagerError,
        run_launch_agent,
        run_launch_job,
    )

    for op in (run_launch_agent, run_launch_job):
        assert op.required_resource_keys == {"wandb_resource", "wandb_config"}
    assert set(run_launch_agent.config_schema.as_field().config_type.fields) == {"queues", "max_jobs"}
    assert set(run_launch_job.config_schema.as_field().config_type.fields) == {
        "uri", "job", "queue", "entry_point", "version", "parameters", "name", "resource",
        "resource_args", "docker_image", "config", "synchronous", "cuda", "run_id",
    }
    # The page lists every key of the two TypedDicts.
    assert set(WandbArtifactConfiguration.__annotations__) == {
        "name", "type", "description", "aliases", "add_dirs", "add_files",
        "add_references", "serialization_module", "partitions",
    }
    assert set(SerializationModule.__annotations__) == {"name", "parameters"}
    assert str(WandbArtifactsIOManagerError()) == "A W&B Artifacts IO Manager error occurred."
