# docs-example: no-import
# This file is an Airflow DAG: it runs inside Airflow 2, which needs
# apache-airflow and dagster-airlift[in-airflow]. The docs examples
# environment installs neither, so the file is only checked to be valid Python.

# start_dag
import os
from datetime import datetime
from pathlib import Path

from airflow import DAG
from airflow.operators.python import PythonOperator

# sales.py holds the business logic; it is importable from Airflow's workers
# (installed as a package or on PYTHONPATH) and from the Dagster project.
from sales import build_daily_sales, export_daily_sales, load_raw_orders

SOURCE_CSV = os.environ["SALES_SOURCE_CSV"]
WAREHOUSE = os.environ["SALES_WAREHOUSE"]
EXPORT_CSV = os.environ["SALES_EXPORT_CSV"]

with DAG(
    dag_id="sales_pipeline",
    start_date=datetime(2025, 1, 1),
    schedule="@daily",
    catchup=False,
) as sales_dag:
    load = PythonOperator(
        task_id="load_raw_orders",
        python_callable=load_raw_orders,
        op_kwargs={"source_csv": SOURCE_CSV, "warehouse": WAREHOUSE},
    )
    build = PythonOperator(
        task_id="build_daily_sales",
        python_callable=build_daily_sales,
        op_kwargs={"warehouse": WAREHOUSE},
    )
    export = PythonOperator(
        task_id="export_daily_sales",
        python_callable=export_daily_sales,
        op_kwargs={"warehouse": WAREHOUSE, "output_csv": EXPORT_CSV},
    )
    load >> build >> export
# end_dag

# start_proxying
# Keep this call last: it looks up the DAGs defined above in globals() and
# swaps every task marked `proxied: true` for an operator that runs the
# matching Dagster assets instead.
from dagster_airlift.in_airflow import load_proxied_state_from_yaml, proxying_to_dagster

proxying_to_dagster(
    global_vars=globals(),
    proxied_state=load_proxied_state_from_yaml(Path(__file__).parent / "proxied_state"),
)
# end_proxying
