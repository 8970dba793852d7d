# docs-example: no-import
# An Airflow DAG for the "metrics" Airflow instance. It needs apache-airflow
# (2.x), which the docs examples environment does not install, so the file is
# only checked to be valid Python.

# start_dag
import os
from datetime import datetime

import duckdb
from airflow import DAG
from airflow.operators.python import PythonOperator

WAREHOUSE = os.environ["FEDERATION_WAREHOUSE"]


def compute_customers_per_region() -> None:
    with duckdb.connect(WAREHOUSE) as conn:
        conn.execute(
            """
            create or replace table customers_per_region as
            select region, count(*) as customers
            from customers
            group by region
            """
        )


with DAG(
    dag_id="customer_metrics",
    start_date=datetime(2025, 1, 1),
    # Set to a time by which load_customers usually has finished. In the last
    # step of the tutorial, this becomes schedule=None.
    schedule="0 4 * * *",
    catchup=False,
) as customer_metrics_dag:
    PythonOperator(
        task_id="compute_customers_per_region",
        python_callable=compute_customers_per_region,
    )
# end_dag
