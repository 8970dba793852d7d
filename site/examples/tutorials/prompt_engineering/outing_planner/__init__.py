"""Plan an outdoor outing with two Claude prompts and a weather forecast."""
