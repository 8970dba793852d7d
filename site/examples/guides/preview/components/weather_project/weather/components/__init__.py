from weather.components.csv_table import CsvTable

__all__ = ["CsvTable"]
