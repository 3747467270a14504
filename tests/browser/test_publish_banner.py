"""A live publish that fails is shown on the director's pages under `publisher serve --publish`,
in a real Chromium, and the local site keeps working meanwhile."""

from __future__ import annotations

import re
import threading

import pytest
from conftest import shots
from live_plugin.board import PLUGIN_DIR, publisher, round_csv, write_event
from servers import free_port

pytestmark = pytest.mark.browser


def test_a_failed_live_publish_is_shown_in_the_banner(browser, tmp_path):
    expect = pytest.importorskip("playwright.sync_api").expect
    folder = write_event(tmp_path / "content", "club", players=4)
    port = free_port()  # nothing listens there: the host is unreachable
    process = publisher(tmp_path, "--plugins-dir", str(PLUGIN_DIR), "serve", "--port", "0",
                        "--content", "content", "--out", "site",
                        "--publish", f"sftp://results@127.0.0.1:{port}/www")
    try:
        assert process.stdout is not None
        url = ""
        for line in process.stdout:
            found = re.search(r"Serving site at (http://127\.0\.0\.1:\d+/)", line)
            if found:
                url = found.group(1)
                break
        assert url, f"publisher serve ended with {process.wait()}"
        threading.Thread(target=process.stdout.read, daemon=True).start()
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.goto(url + "club/")
        banner = page.locator("#publisher-error")
        expect(banner).to_contain_text("Publishing to the host failed; it keeps the last published site.",
                                       timeout=15_000)
        expect(banner).to_contain_text(f"cannot publish to sftp://results@127.0.0.1:{port}/www: "
                                       f"cannot reach 127.0.0.1:{port}")
        page.screenshot(path=str(shots() / "publish-failed-banner-phone.png"))

        (folder / "rounds/1.csv").write_text(round_csv(["1-0", ""]), encoding="utf-8")
        page.wait_for_timeout(1500)  # the local site goes on rebuilding and reloading
        page.goto(url + "club/data/board-1.json")
        assert '"1-0"' in page.content()
        page.close()
    finally:
        process.kill()
        process.wait()
