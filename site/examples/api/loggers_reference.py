import logging

import dagster as dg


class ListHandler(logging.Handler):
    def __init__(self):
        super().__init__()
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


handler = ListHandler()


@dg.logger(config_schema={"level": dg.Field(str, default_value="INFO")})
def list_logger(init_context: dg.InitLoggerContext) -> logging.Logger:
    logger = logging.getLogger("list_logger")
    logger.setLevel(init_context.logger_config["level"])
    logger.addHandler(handler)
    return logger


@dg.asset
def greeting() -> str:
    # Works inside and outside a run; inside one, messages reach the run's loggers.
    dg.get_dagster_logger().info("making a greeting")
    return "hello"


logged_job = dg.define_asset_job("logged_job", selection=[greeting])

defs = dg.Definitions(
    assets=[greeting],
    jobs=[logged_job],
    loggers={"list": list_logger, "console": dg.colored_console_logger},
)
