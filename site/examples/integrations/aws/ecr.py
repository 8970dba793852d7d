import json
import os
import subprocess
from pathlib import Path

import dagster as dg
from dagster_aws.ecr import ECRPublicResource

REGISTRY = "public.ecr.aws"


# start_job
class RegistryAuthConfig(dg.Config):
    # Kaniko's image keeps registry credentials in /kaniko/.docker/config.json.
    docker_config_dir: str = "/kaniko/.docker"


class ImageConfig(dg.Config):
    image: str = "public.ecr.aws/acme/etl-tools:latest"
    build_context: str = "dir:///workspace"


@dg.op
def write_registry_auth(config: RegistryAuthConfig, ecr_public: ECRPublicResource) -> str:
    # The authorization token from ECR Public: base64 of "AWS:<password>",
    # which is the format of the "auth" field in Docker's config.json.
    auth = ecr_public.get_client().get_login_password()

    config_dir = Path(config.docker_config_dir)
    config_dir.mkdir(parents=True, exist_ok=True)
    config_file = config_dir / "config.json"
    config_file.write_text(json.dumps({"auths": {REGISTRY: {"auth": auth}}}))
    return str(config_file)


@dg.op
def build_and_push(config: ImageConfig, docker_config_file: str) -> None:
    # Runs inside a Kaniko image; DOCKER_CONFIG tells Kaniko where the credentials are.
    docker_config_dir = str(Path(docker_config_file).parent)
    subprocess.run(
        [
            "/kaniko/executor",
            f"--context={config.build_context}",
            f"--destination={config.image}",
        ],
        env={**os.environ, "DOCKER_CONFIG": docker_config_dir},
        check=True,
    )


@dg.job
def publish_image():
    build_and_push(write_registry_auth())


# end_job


# start_definitions
defs = dg.Definitions(
    jobs=[publish_image],
    resources={"ecr_public": ECRPublicResource()},
)
# end_definitions
