import pandas as pd
from dagster_pandas import (
    ColumnWithMetadataException,
    ConstraintWithMetadataException,
    MultiAggregateConstraintWithMetadata,
    MultiColumnConstraintWithMetadata,
    PandasColumn,
    RowCountConstraint,
    StrictColumnsConstraint,
    StrictColumnsWithMetadata,
    all_unique_validator,
    categorical_column_validator_factory,
    column_range_validation_factory,
    create_dagster_pandas_dataframe_type,
    create_structured_dataframe_type,
    nonnull,
)

import dagster as dg

# start_column_type
# Column rules with PandasColumn shortcuts, plus rules on the whole DataFrame.
TripsDataFrame = create_dagster_pandas_dataframe_type(
    name="TripsDataFrame",
    description="One row per taxi trip.",
    columns=[
        PandasColumn.integer_column("trip_id", min_value=1, unique=True, non_nullable=True),
        PandasColumn.float_column("distance_km", min_value=0.0),
        PandasColumn.categorical_column("payment", categories={"card", "cash"}),
    ],
    dataframe_constraints=[
        StrictColumnsConstraint(["trip_id", "distance_km", "payment"]),
        RowCountConstraint(num_allowed_rows=3, error_tolerance=1),
    ],
    # Recorded with every successful type check.
    metadata_fn=lambda df: {"rows": len(df), "total_km": float(df["distance_km"].sum())},
)


@dg.asset(dagster_type=TripsDataFrame)
def trips() -> pd.DataFrame:
    return pd.DataFrame(
        {"trip_id": [1, 2, 3], "distance_km": [2.5, 8.0, 1.2], "payment": ["card", "cash", "card"]}
    )


# end_column_type

# start_structured_type
# Validators that report what failed as metadata instead of raising.
per_value_checks = MultiColumnConstraintWithMetadata(
    "each value is in range and not null",
    {
        "score": [nonnull(column_range_validation_factory(minim=0, maxim=100))],
        "grade": [categorical_column_validator_factory(["A", "B", "C"])],
    },
    ColumnWithMetadataException,
    raise_or_typecheck=False,
)
per_column_checks = MultiAggregateConstraintWithMetadata(
    "student ids are unique",
    {"student_id": [all_unique_validator]},
    ConstraintWithMetadataException,
    raise_or_typecheck=False,
)
ScoresDataFrame = create_structured_dataframe_type(
    "ScoresDataFrame",
    description="Exam scores, one row per student.",
    columns_validator=per_value_checks,
    columns_aggregate_validator=per_column_checks,
    dataframe_validator=StrictColumnsWithMetadata(
        ["student_id", "score", "grade"], raise_or_typecheck=False
    ),
)


@dg.asset(dagster_type=ScoresDataFrame)
def scores() -> pd.DataFrame:
    return pd.DataFrame({"student_id": [1, 2, 3], "score": [88, 95, 71], "grade": ["B", "A", "C"]})


# end_structured_type

defs = dg.Definitions(assets=[trips, scores])
