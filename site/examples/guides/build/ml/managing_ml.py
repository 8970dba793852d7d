"""Managing models: versions recorded as metadata, a quality gate, promotion and retraining."""

import math
import random

from ml_pipeline import fit_ridge, predict

import dagster as dg


def rmse(model: dict[str, float], rows: list[dict]) -> float:
    return math.sqrt(
        sum((predict(model, r["size_sqm"]) - r["price"]) ** 2 for r in rows) / len(rows)
    )


# start_training_data
WEEKLY_RETRAIN = dg.AutomationCondition.on_cron("0 3 * * 1")  # Mondays, 03:00 UTC


@dg.asset(group_name="price_model_registry", automation_condition=WEEKLY_RETRAIN)
def labeled_sales() -> dict[str, list[dict]]:
    # Stand-in for a query that returns the latest labeled rows.
    rng = random.Random(11)
    rows = []
    for _ in range(250):
        size = rng.uniform(40, 160)
        rows.append({"size_sqm": size, "price": 2500 * size + 30_000 + rng.gauss(0, 15_000)})
    return {"train": rows[:200], "test": rows[200:]}


# end_training_data


# start_candidate
class TrainingConfig(dg.Config):
    l2_penalty: float = 0.0


@dg.asset(
    group_name="price_model_registry",
    # Bump code_version when the training code changes; the UI then flags
    # the asset as changed until it is materialized again.
    code_version="ridge-v2",
    # After each Monday tick, retrain once labeled_sales has been refreshed.
    automation_condition=WEEKLY_RETRAIN,
)
def candidate_model(config: TrainingConfig, labeled_sales: dict) -> dg.Output[dict]:
    train = labeled_sales["train"]
    sizes, prices = [r["size_sqm"] for r in train], [r["price"] for r in train]
    model = fit_ridge(sizes, prices, config.l2_penalty)
    return dg.Output(
        model,
        metadata={
            "rmse": rmse(model, labeled_sales["test"]),
            "l2_penalty": config.l2_penalty,
            "training_rows": len(train),
        },
    )


# end_candidate


# start_quality_gate
@dg.asset_check(
    asset=candidate_model,
    additional_ins={"labeled_sales": dg.AssetIn()},
    # A failed blocking check stops downstream assets in the same run.
    blocking=True,
)
def beats_mean_baseline(candidate_model: dict, labeled_sales: dict) -> dg.AssetCheckResult:
    test = labeled_sales["test"]
    mean_price = sum(r["price"] for r in labeled_sales["train"]) / len(labeled_sales["train"])
    baseline = {"slope": 0.0, "intercept": mean_price}
    candidate_rmse, baseline_rmse = rmse(candidate_model, test), rmse(baseline, test)
    return dg.AssetCheckResult(
        passed=candidate_rmse < 0.5 * baseline_rmse,
        metadata={"candidate_rmse": candidate_rmse, "baseline_rmse": baseline_rmse},
    )


# end_quality_gate


# start_promotion
@dg.asset(
    group_name="price_model_registry",
    # The asset may finish without producing a value: the current model stays.
    output_required=False,
    # Runs whenever a new candidate model is materialized.
    automation_condition=dg.AutomationCondition.eager(),
)
def production_model(
    context: dg.AssetExecutionContext, candidate_model: dict, labeled_sales: dict
):
    candidate_rmse = rmse(candidate_model, labeled_sales["test"])
    current = context.instance.get_latest_materialization_event(context.asset_key)
    current_rmse = (
        current.asset_materialization.metadata["rmse"].value if current else math.inf
    )
    if candidate_rmse < current_rmse:
        context.log.info(f"Promoting candidate: RMSE {candidate_rmse:.0f} < {current_rmse:.0f}")
        yield dg.Output(
            candidate_model,
            metadata={"rmse": candidate_rmse, "promoted_in_run": context.run.run_id},
        )
    else:
        context.log.info(f"Keeping the current model: RMSE {current_rmse:.0f}")


# end_promotion


defs = dg.Definitions(
    assets=[labeled_sales, candidate_model, production_model],
    asset_checks=[beats_mean_baseline],
)
