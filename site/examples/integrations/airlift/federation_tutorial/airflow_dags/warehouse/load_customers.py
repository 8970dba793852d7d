# docs-example: no-import
# An Airflow DAG for the "warehouse" Airflow instance. It needs apache-airflow
# (2.x), which the docs examples environment does not install, so the file is
# only checked to be valid Python.

# start_dag
import os
from datetime import datetime

import duckdb
from airflow import DAG
from airflow.operators.python import PythonOperator

WAREHOUSE = os.environ["FEDERATION_WAREHOUSE"]


def load_customers_table() -> None:
    with duckdb.connect(WAREHOUSE) as conn:
        conn.execute(
            """
            create or replace table customers as
            select * from (values
                ('c-01', 'north'), ('c-02', 'south'),
                ('c-03', 'north'), ('c-04', 'west')
            ) as t(customer_id, region)
            """
        )


with DAG(
    dag_id="load_customers",
    start_date=datetime(2025, 1, 1),
    schedule="0 2 * * *",
    catchup=False,
) as load_customers_dag:
    PythonOperator(task_id="load_customers_table", python_callable=load_customers_table)
# end_dag
