"""Venue screens and the find-your-table page."""
