import dagster as dg
from dagster_modal import ModalClient

# start_asset
@dg.asset
def transcripts(context: dg.AssetExecutionContext, modal: ModalClient) -> dg.MaterializeResult:
    # Runs `modal run modal_app.py`; its local entrypoint reports back through Pipes.
    return modal.run(
        func_ref="modal_app.py",
        context=context,
        extras={"episode_url": "https://example.com/episode-42.mp3"},
    ).get_materialize_result()


# end_asset

defs = dg.Definitions(
    assets=[transcripts],
    resources={"modal": ModalClient(project_directory=dg.file_relative_path(__file__, "."))},
)
