"""An ML pipeline as assets: data, features, a trained model, its evaluation and predictions.

The model is a one-feature ridge regression written in plain Python, so the example runs
anywhere; swap in scikit-learn or another library inside the same assets.
"""

import math
import random

import dagster as dg


# start_model_code
def fit_ridge(xs: list[float], ys: list[float], l2_penalty: float) -> dict[str, float]:
    """Least squares line through (xs, ys), with the slope shrunk by l2_penalty."""
    x_mean, y_mean = sum(xs) / len(xs), sum(ys) / len(ys)
    covariance = sum((x - x_mean) * (y - y_mean) for x, y in zip(xs, ys))
    variance = sum((x - x_mean) ** 2 for x in xs)
    slope = covariance / (variance + l2_penalty)
    return {"slope": slope, "intercept": y_mean - slope * x_mean}


def predict(model: dict[str, float], x: float) -> float:
    return model["intercept"] + model["slope"] * x


# end_model_code


# start_data_assets
@dg.asset(group_name="housing_ml", kinds={"python"})
def house_sales() -> list[dict]:
    """Past sales: floor area in square meters and sale price."""
    rng = random.Random(7)  # Fixed seed: the same data on every run.
    sales = []
    for _ in range(200):
        size = rng.uniform(40, 160)
        sales.append({"size_sqm": size, "price": 2500 * size + 30_000 + rng.gauss(0, 15_000)})
    return sales


class SplitConfig(dg.Config):
    test_fraction: float = 0.2
    seed: int = 42


@dg.multi_asset(
    group_name="housing_ml",
    outs={"training_set": dg.AssetOut(), "test_set": dg.AssetOut()},
)
def split_sales(config: SplitConfig, house_sales: list[dict]):
    rows = list(house_sales)
    random.Random(config.seed).shuffle(rows)
    cut = int(len(rows) * (1 - config.test_fraction))
    return rows[:cut], rows[cut:]


# end_data_assets


# start_train
class TrainingConfig(dg.Config):
    l2_penalty: float = 0.0


@dg.asset(group_name="housing_ml", kinds={"python"})
def price_model(
    context: dg.AssetExecutionContext, config: TrainingConfig, training_set: list[dict]
) -> dict:
    model = fit_ridge(
        [row["size_sqm"] for row in training_set],
        [row["price"] for row in training_set],
        config.l2_penalty,
    )
    # Metadata is stored with each materialization: a record of every model version.
    context.add_output_metadata(
        {
            "slope": model["slope"],
            "intercept": model["intercept"],
            "training_rows": len(training_set),
            "l2_penalty": config.l2_penalty,
        }
    )
    return model


# end_train


# start_evaluate
@dg.asset(group_name="housing_ml", kinds={"python"})
def model_evaluation(price_model: dict, test_set: list[dict]) -> dg.MaterializeResult:
    errors = [predict(price_model, row["size_sqm"]) - row["price"] for row in test_set]
    squared_error = sum(e * e for e in errors)
    mean_price = sum(row["price"] for row in test_set) / len(test_set)
    variance = sum((row["price"] - mean_price) ** 2 for row in test_set)
    return dg.MaterializeResult(
        metadata={
            "rmse": dg.MetadataValue.float(math.sqrt(squared_error / len(errors))),
            "mae": dg.MetadataValue.float(sum(abs(e) for e in errors) / len(errors)),
            "r_squared": dg.MetadataValue.float(1 - squared_error / variance),
            "test_rows": len(test_set),
        }
    )


# end_evaluate


# start_predict
@dg.asset(group_name="housing_ml", kinds={"python"})
def new_listings() -> list[dict]:
    return [{"listing_id": "L-1", "size_sqm": 55.0}, {"listing_id": "L-2", "size_sqm": 120.0}]


@dg.asset(group_name="housing_ml", kinds={"python"})
def price_estimates(price_model: dict, new_listings: list[dict]) -> list[dict]:
    return [
        {**listing, "estimated_price": round(predict(price_model, listing["size_sqm"]), -2)}
        for listing in new_listings
    ]


# end_predict


defs = dg.Definitions(
    assets=[house_sales, split_sales, price_model, model_evaluation, new_listings, price_estimates]
)
