import dagster as dg
from dagster_anthropic import AnthropicResource

from .extraction import outing_details
from .recommendation import outing_recommendation
from .weather import WeatherResource, weather_forecast

# start_definitions
defs = dg.Definitions(
    assets=[outing_details, weather_forecast, outing_recommendation],
    resources={
        "anthropic": AnthropicResource(api_key=dg.EnvVar("ANTHROPIC_API_KEY")),
        "weather": WeatherResource(),
    },
)
# end_definitions
