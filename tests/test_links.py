"""Relative links: the site works from any host path and from a folder opened in a browser."""

import posixpath

from hypothesis import given
from hypothesis import strategies as st

from publisher.build.render import relative_link

segment = st.sampled_from(["wosc-2026", "players", "data", "a", "b"])
folder = st.lists(segment, max_size=3).map("/".join)


@given(here=folder, target_folder=folder, name=st.sampled_from(["index.html", "s017.html"]))
def test_links_match_the_standard_library(here, target_folder, name):
    target = posixpath.join(target_folder, name) if target_folder else name
    assert relative_link(target, here) == posixpath.relpath(target, here or ".")


def test_links_from_a_player_page():
    assert relative_link("assets/style.css", "wosc-2026/players") == "../../assets/style.css"
    assert relative_link("wosc-2026/round-3.html", "wosc-2026/players") == "../round-3.html"
    assert relative_link("wosc-2026/players/s017.html", "wosc-2026/players") == "s017.html"
    assert relative_link("index.html", "") == "index.html"
