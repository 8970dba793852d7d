# docs-example: no-import
# dagster-weaviate needs weaviate-client, whose grpcio pin conflicts with this
# docs environment; tests/test_integrations_b.py runs the asset against a test double.
import os

import dagster as dg
from dagster_weaviate import CloudConfig, WeaviateResource

# start_resource
weaviate = WeaviateResource(
    connection_config=CloudConfig(cluster_url=dg.EnvVar("WEAVIATE_CLUSTER_URL")),
    # auth_credentials is a plain dict, so read the key from the environment yourself.
    auth_credentials={"api_key": os.environ.get("WEAVIATE_API_KEY", "")},
)
# end_resource


# start_asset
@dg.asset
def faq_articles(weaviate: WeaviateResource) -> None:
    with weaviate.get_client() as client:
        if not client.collections.exists("FaqArticle"):
            client.collections.create("FaqArticle")
        articles = client.collections.get("FaqArticle")
        articles.data.insert_many(
            [
                {"title": "Reset your password", "body": "Open Settings, then Security."},
                {"title": "Change your plan", "body": "Open Billing and pick a plan."},
            ]
        )


# end_asset

defs = dg.Definitions(assets=[faq_articles], resources={"weaviate": weaviate})
