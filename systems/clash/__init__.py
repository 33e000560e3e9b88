"""Clash of Spears (CS-n) as For Glory rule modules: command points, fatigue and combat responses."""
