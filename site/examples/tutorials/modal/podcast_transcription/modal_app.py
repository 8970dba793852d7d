import modal

# start_image
app = modal.App("podcast-transcriber")

image = (
    modal.Image.debian_slim(python_version="3.12")
    .apt_install("ffmpeg")
    .pip_install("openai-whisper==20250625", "requests")
)

# Whisper downloads its weights on first use; a volume keeps them between runs.
model_cache = modal.Volume.from_name("whisper-model-cache", create_if_missing=True)
MODEL_DIR = "/models"
WHISPER_MODEL = "base"


# end_image
# start_transcriber
@app.cls(
    image=image,
    gpu="T4",
    volumes={MODEL_DIR: model_cache},
    timeout=30 * 60,
    scaledown_window=5 * 60,
)
class Transcriber:
    @modal.enter()
    def load_model(self):
        # Runs once when a container starts, not once per episode.
        import whisper

        self.model = whisper.load_model(WHISPER_MODEL, download_root=MODEL_DIR)

    @modal.method()
    def transcribe(self, audio_url: str) -> dict:
        import tempfile

        import requests

        with tempfile.NamedTemporaryFile(suffix=".mp3") as audio:
            with requests.get(audio_url, stream=True, timeout=60) as response:
                response.raise_for_status()
                for block in response.iter_content(chunk_size=1024 * 1024):
                    audio.write(block)
            audio.flush()
            result = self.model.transcribe(audio.name)

        return {
            "language": result["language"],
            "text": result["text"].strip(),
            "segments": [
                {"start": s["start"], "end": s["end"], "text": s["text"].strip()}
                for s in result["segments"]
            ],
        }


# end_transcriber
# start_local_entrypoint
@app.local_entrypoint()
def main(audio_url: str):
    transcript = Transcriber().transcribe.remote(audio_url)
    print(f"Language: {transcript['language']}")
    print(transcript["text"][:500])


# end_local_entrypoint
