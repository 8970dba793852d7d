# docs-example: no-import
# The Modal app that modal_pipes.py runs; it is run by the `modal` CLI, not loaded by Dagster.
import modal

app = modal.App("transcription")
image = modal.Image.debian_slim().pip_install("openai-whisper")


@app.function(image=image, gpu="T4", timeout=1800)
def transcribe(episode_url: str) -> dict:
    # Runs in a container on Modal, with a GPU.
    text = f"transcript of {episode_url}"  # call your model here
    return {"words": len(text.split())}


@app.local_entrypoint()
def main():
    # Runs on the Dagster machine, inside `modal run`: it talks to Dagster through Pipes.
    from dagster_pipes import open_dagster_pipes

    with open_dagster_pipes() as pipes:
        url = pipes.get_extra("episode_url")
        pipes.log.info(f"Transcribing {url} on Modal")
        result = transcribe.remote(url)
        pipes.report_asset_materialization(metadata={"episode_url": url, "words": result["words"]})
