import dagster as dg
import requests

# start_weather_resource
DAILY_VARIABLES = {
    "temperature_2m_max": "max_temperature_c",
    "temperature_2m_min": "min_temperature_c",
    "precipitation_probability_max": "rain_chance_percent",
    "wind_speed_10m_max": "max_wind_kmh",
}


class WeatherResource(dg.ConfigurableResource):
    """Places and daily forecasts from the Open-Meteo APIs (no API key needed)."""

    geocoding_url: str = "https://geocoding-api.open-meteo.com/v1/search"
    forecast_url: str = "https://api.open-meteo.com/v1/forecast"
    timeout_seconds: float = 10.0

    def _get_json(self, url: str, params: dict) -> dict:
        response = requests.get(url, params=params, timeout=self.timeout_seconds)
        response.raise_for_status()
        return response.json()

    def find_place(self, name: str) -> dict:
        """The best match for a place name, with its coordinates."""
        data = self._get_json(
            self.geocoding_url, {"name": name, "count": 1, "language": "en"}
        )
        matches = data.get("results") or []
        if not matches:
            raise ValueError(f"Open-Meteo knows no place called {name!r}")
        place = matches[0]
        return {
            "name": place["name"],
            "country": place.get("country", ""),
            "latitude": place["latitude"],
            "longitude": place["longitude"],
        }

    def daily_forecast(
        self, latitude: float, longitude: float, days: int
    ) -> list[dict]:
        """One row per day, starting today, in the place's own time zone."""
        data = self._get_json(
            self.forecast_url,
            {
                "latitude": latitude,
                "longitude": longitude,
                "daily": ",".join(DAILY_VARIABLES),
                "timezone": "auto",
                "forecast_days": days,
            },
        )
        daily = data["daily"]
        return [
            {
                "date": date,
                **{
                    name: daily[variable][i]
                    for variable, name in DAILY_VARIABLES.items()
                },
            }
            for i, date in enumerate(daily["time"])
        ]


# end_weather_resource
# start_weather_forecast_asset
@dg.asset(kinds={"python"}, group_name="outing_planner")
def weather_forecast(
    context: dg.AssetExecutionContext, weather: WeatherResource, outing_details: dict
) -> dict:
    """The daily forecast for the place and time frame of the outing."""
    place = weather.find_place(outing_details["location"])
    days = weather.daily_forecast(
        place["latitude"], place["longitude"], outing_details["days_ahead"]
    )
    context.add_output_metadata(
        {
            "place": f"{place['name']}, {place['country']}",
            "forecast": dg.MetadataValue.md(forecast_table(days)),
        }
    )
    return {"place": place, "days": days}


def forecast_table(days: list[dict]) -> str:
    """The forecast as a Markdown table, for the UI and for the next prompt."""
    lines = [
        "| date | max °C | min °C | rain chance % | max wind km/h |",
        "| --- | --- | --- | --- | --- |",
    ]
    for day in days:
        lines.append(
            f"| {day['date']} | {day['max_temperature_c']} | {day['min_temperature_c']}"
            f" | {day['rain_chance_percent']} | {day['max_wind_kmh']} |"
        )
    return "\n".join(lines)


# end_weather_forecast_asset
