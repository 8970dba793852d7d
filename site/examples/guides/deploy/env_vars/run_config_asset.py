"""An op whose run config can point at an environment variable."""

import dagster as dg


# start_string_source
@dg.op(config_schema={"smtp_password": dg.StringSource})
def send_report(context: dg.OpExecutionContext) -> bool:
    password = context.op_config["smtp_password"]
    return bool(password)


@dg.job
def report_job():
    send_report()
# end_string_source


defs = dg.Definitions(jobs=[report_job])
