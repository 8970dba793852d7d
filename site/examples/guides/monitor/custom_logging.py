import json
import logging

import dagster as dg


# start_json_logger
class JsonFormatter(logging.Formatter):
    """Writes each log record as one JSON object per line."""

    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        # Dagster attaches run details to each record it logs.
        dagster_meta = getattr(record, "dagster_meta", None)
        if dagster_meta:
            entry["run_id"] = dagster_meta.get("run_id")
            entry["step_key"] = dagster_meta.get("step_key")
        return json.dumps(entry)


@dg.logger(
    config_schema={
        "log_level": dg.Field(str, default_value="INFO", description="Lowest level to emit"),
        "name": dg.Field(str, default_value="json_logger"),
    },
    description="Logs one JSON object per line to stderr.",
)
def json_console_logger(init_context: dg.InitLoggerContext) -> logging.Logger:
    level = init_context.logger_config["log_level"]
    logger = logging.Logger(init_context.logger_config["name"], level=level)
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter())
    logger.addHandler(handler)
    return logger


# end_json_logger


# start_logger_definition
def build_list_logger(init_context: dg.InitLoggerContext) -> logging.Logger:
    """Keeps messages in memory: handy in tests."""
    logger = logging.Logger("in_memory", level=logging.DEBUG)
    handler = ListHandler()
    logger.addHandler(handler)
    return logger


class ListHandler(logging.Handler):
    records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        ListHandler.records.append(record)


in_memory_logger = dg.LoggerDefinition(
    build_list_logger, description="Collects log records in a list."
)
# end_logger_definition


@dg.asset
def weekly_report(context: dg.AssetExecutionContext) -> str:
    context.log.info("Building the weekly report")
    return "report"


# start_job_loggers
@dg.op
def archive_logs(context: dg.OpExecutionContext) -> None:
    context.log.info("Archiving last week's logs")


@dg.job(
    logger_defs={"json": json_console_logger, "console": dg.colored_console_logger},
    # A logger runs only when the run config names it: this default turns on JSON.
    config={"loggers": {"json": {"config": {"log_level": "INFO"}}}},
)
def archive_job():
    archive_logs()


# end_job_loggers


# start_definitions_loggers
defs = dg.Definitions(
    assets=[weekly_report],
    jobs=[archive_job],
    # Available to every job in this code location; run config turns them on.
    loggers={"json": json_console_logger, "memory": in_memory_logger},
)
# end_definitions_loggers
