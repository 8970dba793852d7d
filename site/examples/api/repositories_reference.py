import dagster as dg


@dg.asset
def invoices() -> list[int]:
    return [120, 80]


@dg.asset
def payroll() -> int:
    return 3


# Two named repositories in one code location, each built from
# the same arguments that dg.Definitions takes.
finance = dg.create_repository_using_definitions_args(name="finance", assets=[invoices])
people = dg.create_repository_using_definitions_args(name="people", assets=[payroll])


@dg.op
def say_hello() -> str:
    return "hello"


@dg.job
def hello_job():
    say_hello()


# The older decorator form: a function that returns a list of definitions.
@dg.repository
def legacy_repo():
    return [hello_job]
