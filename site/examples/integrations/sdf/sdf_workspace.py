# docs-example: no-import
# dagster-sdf 0.25.11 requires dagster==1.9.11; the file is only checked to be valid Python.
from pathlib import Path

import dagster as dg
from dagster_sdf import SdfCliResource, SdfWorkspace, sdf_assets

# start_assets
workspace = SdfWorkspace(
    workspace_dir=Path(__file__).parent / "my_sdf_workspace",
    target_dir=Path(__file__).parent / "sdf_target",
)


@sdf_assets(workspace=workspace)
def my_sdf_assets(context: dg.AssetExecutionContext, sdf: SdfCliResource):
    yield from sdf.cli(
        ["run", "--save", "info-schema"],
        target_dir=workspace.target_dir,
        context=context,
    ).stream()


# end_assets

defs = dg.Definitions(
    assets=[my_sdf_assets],
    resources={"sdf": SdfCliResource(workspace_dir=workspace.workspace_dir)},
)
