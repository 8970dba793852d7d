import dagster as dg

notified: list[str] = []


@dg.success_hook
def record_success(context: dg.HookContext):
    notified.append(f"ok: {context.op.name}")


@dg.failure_hook(name="record_failure")
def record_failure(context: dg.HookContext):
    notified.append(f"failed: {context.op.name}: {context.op_exception}")


@dg.op
def works() -> int:
    return 1


@dg.op
def breaks(value: int) -> int:
    raise ValueError(f"cannot handle {value}")


# Hooks on the job apply to every op in it.
@dg.job(hooks={record_success, record_failure})
def hooked_job():
    breaks(works())
