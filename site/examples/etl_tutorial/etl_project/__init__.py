"""The ETL pipeline tutorial project, split into modules (step 7)."""
