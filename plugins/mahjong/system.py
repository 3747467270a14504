"""The name of the system this plugin runs, which event.toml's ``system`` says."""

SYSTEM = "mahjong-elimination"
