"""`publisher publish` against real servers: a folder, OpenSSH's sshd (SFTP), pyftpdlib (FTP and
FTPS) and moto's S3 server, each started once for the module on a free loopback port.

Every test publishes into a fresh folder (or prefix) of the server and checks what the
host really holds: the server's folder on disk, or the objects S3 returns.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import servers
from conftest import snapshot, write

from publisher.build.manifest import MANIFEST_NAME, dumps_manifest, loads_manifest, manifest_of
from publisher.cli import main
from publisher.plugins import plugin_manager
from publisher.publish.lock import LOCK_NAME, Holder
from publisher.publish.progress import Progress
from publisher.publish.sync import publish, site_in_memory
from publisher.publish.targets import parse_address

KINDS = ["folder", "sftp", "ftp", "ftps", "s3"]
FTP_WARNING = ("warning: plain ftp:// sends the password and the site in clear text, readable by anyone "
               "on the network; publish to ftps:// if the host offers it\n")


@pytest.fixture
def run(run):
    """The command line, with the warning every plain ftp:// publish begins with taken out of
    stderr (its own test checks it), so that the rest is checked alike on every host."""

    def runner(*argv: str | Path) -> tuple[int, str, str]:
        code, stdout, stderr = run(*argv)
        return code, stdout, stderr.removeprefix(FTP_WARNING)

    return runner


class Host:
    """One running server, and fresh places on it."""

    def __init__(self, kind: str, server: servers.Server | None, base: Path):
        self.kind, self.server, self.base = kind, server, base
        self.count = 0
        self.s3 = servers.s3_client(server) if kind == "s3" else None

    @property
    def env(self) -> dict[str, str]:
        return self.server.env if self.server else {}

    def place(self) -> str:
        """A TARGET no test used before."""
        self.count += 1
        name = f"t{self.count}"
        if self.server is None:
            return str(self.base / "folder" / name)
        return f"{self.server.url}/{name}"

    def args(self) -> list[str]:
        endpoint = self.server.endpoint_url if self.server else ""
        return ["--endpoint-url", endpoint] if endpoint else []

    def files(self, target: str) -> dict[str, bytes]:
        """What the host holds at ``target``, file by file."""
        if self.kind == "s3":
            return {k: v[0] for k, v in servers.s3_objects(self.s3, target).items()}
        root = self._root(target)
        return snapshot(root) if root.is_dir() else {}

    def arrived(self, target: str, files: dict[str, bytes]) -> int:
        """How many of ``files`` the host holds already, byte for byte."""
        if self.kind == "s3":
            bucket, prefix = target[len("s3://"):].split("/", 1)
            listing = self.s3.list_objects_v2(Bucket=bucket, Prefix=f"{prefix}/")
            md5s = {item["Key"][len(prefix) + 1:]: item["ETag"].strip('"')
                    for item in listing.get("Contents", [])}
            return sum(md5s.get(p) == hashlib.md5(data).hexdigest() for p, data in files.items())
        root = self._root(target)
        return sum((root / p).is_file() and (root / p).read_bytes() == data for p, data in files.items())

    def read(self, target: str, path: str) -> bytes | None:
        """One file as a web server would send it, or None when the host does not hold it."""
        if self.kind == "s3":
            try:
                return self.s3.get_object(
                    Bucket="results", Key=f"{target.split('/', 3)[3]}/{path}")["Body"].read()
            except Exception:
                return None
        try:
            return (self._root(target) / path).read_bytes()
        except FileNotFoundError:
            return None

    def put(self, target: str, path: str, data: bytes) -> None:
        """A file put there by somebody else (the host's own, an old site)."""
        if self.kind == "s3":
            self.s3.put_object(
                Bucket="results", Key=f"{target.split('/', 3)[3]}/{path}", Body=data)
        else:
            (self._root(target) / path).parent.mkdir(parents=True, exist_ok=True)
            (self._root(target) / path).write_bytes(data)

    def _root(self, target: str) -> Path:
        if self.server is None:
            return Path(target)
        return self.server.root / target.rsplit("/", 1)[1]


@pytest.fixture(scope="module", params=KINDS)
def host(request, tmp_path_factory) -> Iterator[Host]:
    base = tmp_path_factory.mktemp(request.param)
    if request.param == "folder":
        yield Host("folder", None, base)
        return
    start = {"sftp": lambda: servers.sshd(base), "ftp": lambda: servers.ftpd(base, tls=False),
             "ftps": lambda: servers.ftpd(base, tls=True), "s3": lambda: servers.s3(base)}[request.param]
    with start() as server:
        yield Host(request.param, server, base)


@pytest.fixture
def on(host, monkeypatch) -> Host:
    """The host, with the publisher's environment (HOME with keys, password, credentials)."""
    for key, value in host.env.items():
        monkeypatch.setenv(key, value)
    if host.kind == "sftp":
        monkeypatch.delenv("SSH_AUTH_SOCK", raising=False)
    return host


def built(archive: Path, out: Path, run) -> dict[str, bytes]:
    code, _, stderr = run("build", "--content", archive, "--out", out)
    assert code == 0, stderr
    files = snapshot(out)
    del files[MANIFEST_NAME]
    return files


def test_the_first_publish_equals_the_site_and_a_second_sends_nothing(on, archive, tmp_path, run):
    target = on.place()
    site = built(archive, tmp_path / "site", run)
    code, out, err = run("publish", target, "--out", tmp_path / "site", *on.args())
    assert (code, err) == (0, "")
    assert out.startswith(f"published {len(site)} files to ")
    remote = on.files(target)
    manifest = loads_manifest(remote.pop(MANIFEST_NAME))
    assert remote == site
    assert manifest == manifest_of(site)

    code, out, err = run("publish", target, "--out", tmp_path / "site", *on.args())
    assert (code, err) == (0, "")
    assert " is up to date (checked in " in out


def test_one_result_changed_sends_exactly_the_changed_files_and_a_removed_page_goes(
        on, archive, tmp_path, run):
    write(archive / "club-swiss/rounds/1.csv", "table,player1,player2,result\n1,a,d,\n2,b,c,\n")
    write(archive / "club-swiss/rules.md", "# Rules\n\nBe kind.\n")
    target, out = on.place(), tmp_path / "site"
    before = built(archive, out, run)
    assert run("publish", target, "--out", out, *on.args())[0] == 0

    write(archive / "club-swiss/rounds/1.csv", "table,player1,player2,result\n1,a,d,1-0\n2,b,c,\n")
    (archive / "club-swiss/rules.md").unlink()
    after = built(archive, out, run)
    changed = sorted(p for p in after if before.get(p) != after[p])
    assert "club-swiss/pages/rules.html" in before and "club-swiss/pages/rules.html" not in after
    assert changed and not [p for p in changed if p.startswith("assets/")]

    code, stdout, _ = run("publish", target, "--out", out, "--dry-run", *on.args())
    listed = [line.split()[-1] for line in stdout.splitlines() if line.startswith("  would upload ")]
    assert sorted(listed) == changed
    assert "  would delete club-swiss/pages/rules.html\n" in stdout

    code, stdout, stderr = run("publish", target, "--out", out, *on.args())
    assert (code, stderr) == (0, "")
    assert stdout.startswith(f"published {len(changed)} files to ") and ", deleted 1 file in " in stdout
    remote = on.files(target)
    del remote[MANIFEST_NAME]
    assert remote == after


def test_s3_objects_carry_their_type_and_caching(on, archive, tmp_path, run):
    if on.kind != "s3":
        pytest.skip("only object storage sends headers of the publisher's choosing")
    target = on.place()
    site = built(archive, tmp_path / "site", run)
    assert run("publish", target, "--out", tmp_path / "site", *on.args())[0] == 0
    objects = servers.s3_objects(on.s3, target)
    [style] = [p for p in site if p.startswith("assets/style.")]
    assert objects[style][1:] == ("text/css; charset=utf-8", "public, max-age=31536000, immutable")
    assert objects["club-swiss/index.html"][1:] == ("text/html; charset=utf-8", "no-cache")
    assert objects["club-swiss/data/event.json"][1:] == ("application/json; charset=utf-8", "no-cache")


def test_a_target_holding_foreign_files_is_refused_without_force(on, archive, tmp_path, run):
    target, out = on.place(), tmp_path / "site"
    site = built(archive, out, run)
    on.put(target, "old/index.html", b"<p>the club's old site</p>")
    on.put(target, "logo.png", b"PNG")
    code, stdout, stderr = run("publish", target, "--out", out, *on.args())
    assert (code, stdout) == (1, "")
    assert stderr == (f"error: cannot publish to {parse_address(target).display}: it holds 2 files "
                      "the publisher did not write (there is no .publisher-manifest.json); publish to an "
                      "empty folder, or pass --force to replace its contents\n")
    assert on.files(target) == {"old/index.html": b"<p>the club's old site</p>", "logo.png": b"PNG"}

    code, stdout, stderr = run("publish", target, "--out", out, "--force", *on.args())
    assert (code, stderr) == (0, "")
    remote = on.files(target)
    del remote[MANIFEST_NAME]
    assert remote == site


# -- readers during a publish, and publishes killed half-way ---------------------------------

def synthetic_site(version: int, pages: int = 120) -> dict[str, bytes]:
    """A site whose every page needs its stylesheet and script, both named by content hash."""
    from publisher.build.assets import hashed_name

    style = f"body {{ --version: {version}; }}\n".encode()
    script = f"var version = {version};\n".encode()
    css, js = f"assets/{hashed_name('style.css', style)}", f"assets/{hashed_name('app.js', script)}"
    files = {css: style, js: script}
    for i in range(pages):
        folder = f"e{i % 4}/"
        files[f"{folder}p{i}.html"] = (f'<link rel="stylesheet" href="../{css}"><script src="../{js}">'
                                       f"</script><p>page {i} version {version}</p>\n").encode()
    for folder in ("", "e0/", "e1/", "e2/", "e3/"):
        up = "../" if folder else ""
        files[f"{folder}index.html"] = (f'<link rel="stylesheet" href="{up}{css}">'
                                        f'<script src="{up}{js}"></script><p>v{version}</p>\n').encode()
    files["e0/data/live.json"] = json.dumps({"version": version}).encode()
    return files


def links(path: str, page: bytes) -> list[str]:
    """The stylesheets and scripts a page links to, as paths from the site root."""
    import posixpath
    import re

    return [posixpath.normpath(posixpath.join(posixpath.dirname(path), link.decode()))
            for link in re.findall(rb'(?:href|src)="([^"]+)"', page)]


def broken_pages(files: dict[str, bytes]) -> list[str]:
    """Pages that link to a stylesheet or script the host does not hold."""
    return [path for path, data in files.items()
            if path.endswith(".html") and any(link not in files for link in links(path, data))]


def test_a_reader_during_a_publish_never_meets_a_page_without_its_stylesheet(on):
    """The reader does what a browser does: fetch a page, then what it links to."""
    target = on.place()
    address = parse_address(target, on.server.endpoint_url if on.server else "")
    pm = plugin_manager()
    assert publish(pm, address, site_in_memory(synthetic_site(1, pages=60))).uploaded
    pages = [p for p in synthetic_site(1, pages=60) if p.endswith(".html")]
    fetched, problems, done = [], [], threading.Event()

    def reader() -> None:
        while not done.is_set():
            for path in pages:
                page = on.read(target, path)
                fetched.append(page is not None)
                problems.extend(f"{path} -> {link}" for link in links(path, page or b"")
                                if on.read(target, link) is None)

    thread = threading.Thread(target=reader)
    thread.start()
    try:
        for version in (2, 3):
            publish(pm, address, site_in_memory(synthetic_site(version, pages=60)), jobs=4)
    finally:
        during = len(fetched)
        done.set()
        thread.join()
    assert during > 20 and all(fetched) and problems == []
    remote = on.files(target)
    del remote[MANIFEST_NAME]
    assert remote == synthetic_site(3, pages=60)


def write_site(folder: Path, files: dict[str, bytes]) -> Path:
    for path, data in {**files, MANIFEST_NAME: dumps_manifest(manifest_of(files))}.items():
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_bytes(data)
    return folder


def test_a_publish_killed_at_random_moments_is_completed_by_the_next(on, tmp_path):
    target = on.place()
    old, new = synthetic_site(1, pages=60), synthetic_site(2, pages=60)
    new_dir = write_site(tmp_path / "new", new)
    address = parse_address(target, on.server.endpoint_url if on.server else "")
    pm = plugin_manager()
    command = [sys.executable, "-m", "publisher.cli", "publish", target, "--out", str(new_dir),
               "--jobs", "2", *on.args()]
    env = {**os.environ, **on.env}
    chance = random.Random(f"kill-{on.kind}")
    for sent in sorted(chance.sample(range(1, 55), 2)):
        publish(pm, address, site_in_memory(old), force=True)  # back to the old site
        process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        while on.arrived(target, new) < sent and process.poll() is None:
            time.sleep(0.02)
        process.send_signal(signal.SIGKILL)
        process.wait()
        assert process.returncode == -signal.SIGKILL, "the publish ended before it was killed"
        remote = on.files(target)
        remote.pop(MANIFEST_NAME, None)
        assert broken_pages(remote) == []
        publish(pm, address, site_in_memory(new))
        remote = on.files(target)
        manifest = loads_manifest(remote.pop(MANIFEST_NAME))
        assert remote == new and manifest == manifest_of(new)


# -- failures: one line naming the target and the cause, nothing printed twice, no secret ----

def test_an_unreachable_host_is_one_line(on, archive, tmp_path, run):
    if on.kind == "folder":
        pytest.skip("a folder has no host")
    built(archive, tmp_path / "site", run)
    port = servers.free_port()
    target = {"sftp": f"sftp://me@127.0.0.1:{port}/www", "ftp": f"ftp://me@127.0.0.1:{port}/www",
              "ftps": f"ftps://me@127.0.0.1:{port}/www", "s3": "s3://results/www"}[on.kind]
    extra = ["--endpoint-url", f"http://127.0.0.1:{port}"] if on.kind == "s3" else []
    code, stdout, stderr = run("publish", target, "--out", tmp_path / "site", *extra)
    assert (code, stdout) == (1, "")
    assert stderr.count("\n") == 1 and stderr.startswith(f"error: cannot publish to {target}: cannot reach ")


def test_a_refused_login_is_one_line_without_the_secret(on, archive, tmp_path, run, monkeypatch):
    if on.kind == "folder":
        pytest.skip("a folder has no login")
    built(archive, tmp_path / "site", run)
    target = on.place()
    if on.kind == "sftp":
        home = tmp_path / "home"  # a key of its own, that the host does not know
        (home / ".ssh").mkdir(parents=True)
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(home / ".ssh/id_ed25519")],
                       check=True)
        (home / ".ssh/known_hosts").write_text(Path(on.env["HOME"], ".ssh/known_hosts").read_text())
        monkeypatch.setenv("HOME", str(home))
        secret = "PRIVATE KEY"
    elif on.kind in ("ftp", "ftps"):
        secret = "wrong-Pa55word"
        monkeypatch.setenv("PUBLISHER_FTP_PASSWORD", secret)
    else:
        secret = "wrong-secret-key"
        monkeypatch.setenv("AWS_ACCESS_KEY_ID", "nobody")
        monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", secret)
    code, stdout, stderr = run("publish", target, "--out", tmp_path / "site", *on.args())
    assert (code, stdout) == (1, "")
    assert stderr.count("\n") == 1 and secret not in stderr, stderr
    assert " was refused" in stderr and stderr.startswith(
        f"error: cannot publish to {parse_address(target).display}: ")
    assert on.files(target) == {}


def test_an_sftp_host_not_in_known_hosts_is_refused_with_the_fix(on, archive, tmp_path, run):
    if on.kind != "sftp":
        pytest.skip("SSH only")
    built(archive, tmp_path / "site", run)
    Path(on.env["HOME"], ".ssh/known_hosts").rename(Path(on.env["HOME"], ".ssh/known_hosts.off"))
    try:
        target = on.place()
        code, stdout, stderr = run("publish", target, "--out", tmp_path / "site")
    finally:
        Path(on.env["HOME"], ".ssh/known_hosts.off").rename(Path(on.env["HOME"], ".ssh/known_hosts"))
    port = parse_address(target).port
    assert (code, stdout) == (1, "")
    assert stderr == (f"error: cannot publish to {target}: the host [127.0.0.1]:{port} is not in "
                      f"~/.ssh/known_hosts; connect once with `ssh -p {port} {parse_address(target).user}"
                      "@127.0.0.1`, check the fingerprint it shows and accept it, then publish again\n")
    assert on.files(target) == {}


def test_a_password_in_the_address_is_refused(archive, tmp_path, run):
    built(archive, tmp_path / "site", run)
    code, stdout, stderr = run("publish", "ftp://results:hunter2@127.0.0.1/www", "--out", tmp_path / "site")
    assert (code, stdout) == (1, "")
    assert "hunter2" not in stderr and "PUBLISHER_FTP_PASSWORD" in stderr
    write(archive / "site.toml", '[publish]\ntarget = "ftp://results:hunter2@127.0.0.1/www"\n')
    code, stdout, stderr = run("publish", "--content", archive, "--out", tmp_path / "site")
    assert code == 1 and "hunter2" not in stderr
    assert "site.toml: publish.target: the address holds a password. Fix: remove it" in stderr


def test_site_toml_names_the_target(archive, tmp_path, run):
    built(archive, tmp_path / "site", run)
    write(archive / "site.toml", f'[publish]\ntarget = "{tmp_path / "www"}"\n')
    code, stdout, stderr = run("publish", "--content", archive, "--out", tmp_path / "site")
    assert (code, stderr) == (0, "")
    files = len(snapshot(tmp_path / "site")) - 1
    assert stdout.startswith(f"published {files} files to {tmp_path / 'www'} in ")


def test_unknown_schemes_and_unbuilt_sites_are_one_line(archive, tmp_path, run):
    code, _, stderr = run("publish", "gopher://host/www", "--out", tmp_path / "site")
    assert (code, stderr) == (1, f"error: there is no built site in {tmp_path / 'site'}; build it first "
                                 f"with `publisher build --out {tmp_path / 'site'}`, or pass the site's "
                                 "folder with --out\n")
    built(archive, tmp_path / "site", run)
    code, _, stderr = run("publish", "gopher://host/www", "--out", tmp_path / "site")
    assert (code, stderr) == (1, "error: cannot publish to gopher://host/www: unknown scheme 'gopher'; "
                                 "use a folder path or one of file://, ftp://, ftps://, s3://, sftp://\n")


KEEPER_PLUGIN = '''
from pathlib import Path

from publisher import hookimpl
from publisher.publish.targets import RemoteFile, Target


class Keeper(Target):
    """keeper://shelf/path: a host of this venue's own, which keeps files in a folder."""

    concurrent = False

    def open(self):
        self.root = Path(self.address.path)
        if self.address.host != "shelf":
            raise self.fail(f"there is no shelf {self.address.host!r}")

    def read(self, path):
        found = self.root / path
        return found.read_bytes() if found.is_file() else None

    def listing(self):
        return {p.relative_to(self.root).as_posix(): RemoteFile(p.stat().st_size)
                for p in self.root.rglob("*") if p.is_file()}

    def write(self, path, data, headers):
        (self.root / path).parent.mkdir(parents=True, exist_ok=True)
        (self.root / path).write_bytes(data)
        with open(self.root.parent / "headers.log", "a") as log:
            log.write(f"{path} {headers.content_type} | {headers.cache_control}\\n")

    def delete(self, path):
        (self.root / path).unlink(missing_ok=True)

    def close(self):
        pass


@hookimpl
def publisher_publish_targets():
    return {"keeper": Keeper}
'''


def test_a_plugin_brings_a_kind_of_target_through_the_hook(archive, tmp_path, run):
    site = built(archive, tmp_path / "site", run)
    write(tmp_path / "plugins/keeper.py", KEEPER_PLUGIN)
    shelf = tmp_path / "shelf" / "wosc"
    code, stdout, stderr = run("--plugins-dir", tmp_path / "plugins", "publish", f"keeper://shelf{shelf}",
                               "--out", tmp_path / "site")
    assert (code, stderr) == (0, "")
    assert stdout == f"published {len(site)} files to keeper://shelf{shelf} in " + stdout.split(" in ")[1]
    held = snapshot(shelf)
    assert loads_manifest(held.pop(MANIFEST_NAME)) == manifest_of(site) and held == site
    log = (tmp_path / "shelf/headers.log").read_text(encoding="utf-8").splitlines()
    assert "club-swiss/players.html text/html; charset=utf-8 | no-cache" in log
    assert log[0] == f"{LOCK_NAME} application/json; charset=utf-8 | no-cache"  # the lock first
    assert log[-1] == ".publisher-manifest.json application/json; charset=utf-8 | no-cache"
    sent = [line.split()[0] for line in log[2:-1]]  # between the two manifest writes
    waves = [0 if p.startswith("assets/") else 2 if p.endswith(("index.html", ".json")) else 1 for p in sent]
    assert waves == sorted(waves) and set(waves) == {0, 1, 2}

    code, _, stderr = run("--plugins-dir", tmp_path / "plugins", "publish", f"keeper://attic{shelf}",
                          "--out", tmp_path / "site")
    assert (code, stderr) == (
        1, f"error: cannot publish to keeper://attic{shelf}: there is no shelf 'attic'\n")


def test_the_ftp_password_comes_from_netrc(on, archive, tmp_path, run, monkeypatch):
    if on.kind not in ("ftp", "ftps"):
        pytest.skip("FTP only")
    site = built(archive, tmp_path / "site", run)
    monkeypatch.delenv("PUBLISHER_FTP_PASSWORD")
    home = tmp_path / "home"
    home.mkdir()
    (home / ".netrc").write_text(
        f"machine 127.0.0.1 login {servers.FTP_USER} password {servers.FTP_PASSWORD}\n")
    (home / ".netrc").chmod(0o600)
    monkeypatch.setenv("HOME", str(home))
    target = on.place().replace(f"{servers.FTP_USER}@", "")  # the login comes from ~/.netrc too
    code, stdout, stderr = run("publish", target, "--out", tmp_path / "site")
    assert (code, stderr) == (0, "")
    assert servers.FTP_PASSWORD not in stdout
    remote = on.files(target)
    del remote[MANIFEST_NAME]
    assert remote == site

    (home / ".netrc").unlink()
    code, stdout, stderr = run("publish", on.place(), "--out", tmp_path / "site")
    assert (code, stdout) == (1, "")
    assert stderr.endswith(": there is no password for 127.0.0.1; set PUBLISHER_FTP_PASSWORD or add "
                           "`machine 127.0.0.1 login USER password ...` to ~/.netrc\n")


def test_a_user_who_may_not_write_is_told_permission_denied(on, archive, tmp_path, run):
    if on.kind not in ("ftp", "ftps"):
        pytest.skip("the FTP server has a user who may only read")
    built(archive, tmp_path / "site", run)
    target = on.place().replace(f"{servers.FTP_USER}@", f"{servers.FTP_READER}@")
    code, stdout, stderr = run("publish", target, "--out", tmp_path / "site")
    assert (code, stdout) == (1, "")
    assert stderr.startswith(f"error: cannot publish to {target}: permission denied writing "
                             f"{LOCK_NAME} (550 ")
    assert stderr.count("\n") == 1 and servers.FTP_PASSWORD not in stderr
    assert on.files(target) == {}


def test_an_ftp_server_without_mlsd_is_listed_with_list(archive, tmp_path, run, monkeypatch):
    """vsftpd and other older servers answer LIST only: changes are still found exactly."""
    site = built(archive, tmp_path / "site", run)
    with servers.ftpd(tmp_path / "server", tls=False, mlsd=False) as server:
        monkeypatch.setenv("PUBLISHER_FTP_PASSWORD", servers.FTP_PASSWORD)
        target = f"{server.url}/club"
        assert run("publish", target, "--out", tmp_path / "site")[0] == 0
        (server.root / "club/club-swiss/players.html").write_bytes(b"damaged by hand")
        (server.root / "club/club-swiss/index.html").unlink()
        code, stdout, stderr = run("publish", target, "--out", tmp_path / "site")
        assert (code, stderr) == (0, "")
        assert stdout.startswith("published 2 files to ")
        held = snapshot(server.root / "club")
        del held[MANIFEST_NAME]
        assert held == site


def test_a_folder_target_holding_the_content_or_the_site_is_refused(archive, tmp_path, run, monkeypatch):
    built(archive, tmp_path / "site", run)
    before = snapshot(tmp_path)
    monkeypatch.chdir(tmp_path)
    for target, option, folder in ((".", "--content", archive), ("site/www", "--out", tmp_path / "site"),
                                   (str(archive / "club-swiss"), "--content", archive)):
        code, stdout, stderr = run("publish", target, "--content", archive, "--out", tmp_path / "site",
                                   "--force")
        assert (code, stdout) == (1, "")
        assert stderr == (f"error: cannot publish to {target}: it and {option} {folder} hold each other; "
                          "publish to a folder beside them\n")
    assert snapshot(tmp_path) == before


def test_sftp_reads_host_aliases_from_ssh_config(on, archive, tmp_path, run):
    if on.kind != "sftp":
        pytest.skip("SSH only")
    site = built(archive, tmp_path / "site", run)
    address = parse_address(on.place())
    ssh = Path(on.env["HOME"], ".ssh")
    (ssh / "id_ed25519").rename(ssh / "venue_key")
    (ssh / "config").write_text(f"Host venue\n  HostName 127.0.0.1\n  Port {address.port}\n"
                                f"  User {address.user}\n  IdentityFile ~/.ssh/venue_key\n")
    try:
        target = f"sftp://venue{address.path}"
        code, stdout, stderr = run("publish", target, "--out", tmp_path / "site")
    finally:
        (ssh / "config").unlink()
        (ssh / "venue_key").rename(ssh / "id_ed25519")
    assert (code, stderr) == (0, "")
    assert stdout.startswith(f"published {len(site)} files to {target} in ")
    remote = on.files(target)
    del remote[MANIFEST_NAME]
    assert remote == site


# -- a full disk on the host -----------------------------------------------------------------

@contextmanager
def tmpfs(folder: Path, size: str) -> Iterator[Path]:
    """A small RAM disk mounted at ``folder``, unmounted whatever happens; skipped where mounting
    is not permitted (not root, or in a container without the right)."""
    folder.mkdir(parents=True)
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
                             capture_output=True, text=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs to fill a disk ({mounted.stderr.strip() or 'not root'})")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=True)


def fill(folder: Path, leave: int) -> Path:
    """Fill the disk of ``folder`` up to ``leave`` bytes free."""
    free = os.statvfs(folder).f_bavail * os.statvfs(folder).f_frsize
    filler = folder / "filler"
    filler.write_bytes(b"\0" * max(0, free - leave))
    return filler


def test_an_sftp_host_with_a_full_disk_fails_the_publish_and_keeps_every_file_whole(
        on, archive, tmp_path, run):
    if on.kind != "sftp":
        pytest.skip("the SSH server's disk is the one a test can fill")
    address = parse_address(on.server.url)
    with tmpfs(tmp_path / "disk", "2m") as disk:
        target = f"sftp://{address.user}@127.0.0.1:{address.port}{disk}/site"
        before = built(archive, tmp_path / "site", run)
        assert run("publish", target, "--out", tmp_path / "site")[0] == 0
        write(archive / "club-swiss/rules.md", "# Rules\n\n" + "Be kind to the opponent. " * 7000)
        after = built(archive, tmp_path / "site", run)
        filler = fill(disk, leave=100_000)
        code, stdout, stderr = run("publish", target, "--out", tmp_path / "site")
        assert (code, stdout) == (1, "")
        assert re.fullmatch(rf"error: cannot publish to {re.escape(target)}: the disk of the host is full "
                            r"writing club-swiss/pages/rules\.html \([\d,]+ bytes free\); free space on "
                            r"the host and publish again\n", stderr), stderr
        held = snapshot(disk / "site")
        assert loads_manifest(held.pop(MANIFEST_NAME)) is not None
        assert {p: d for p, d in held.items() if d not in (before.get(p), after.get(p))} == {}

        filler.unlink()
        code, stdout, stderr = run("publish", target, "--out", tmp_path / "site")
        assert (code, stderr) == (0, "")
        held = snapshot(disk / "site")
        assert loads_manifest(held.pop(MANIFEST_NAME)) == manifest_of(after) and held == after


# -- a dropped connection --------------------------------------------------------------------

@contextmanager
def proxied(on: Host, cut_after: int | None = None) -> Iterator[tuple[servers.CuttingProxy, str]]:
    """A cutting proxy in front of the SSH server, and the TARGET through it (the host's key
    recorded for the proxy's port too)."""
    address = parse_address(on.server.url)
    proxy = servers.CuttingProxy(address.port, cut_after)
    known = Path(on.env["HOME"], ".ssh/known_hosts")
    key = known.read_text().split()[1:3]
    with known.open("a") as lines:
        lines.write(f"[127.0.0.1]:{proxy.port} {key[0]} {key[1]}\n")
    name = on.place().rsplit("/", 1)[1]  # a place of its own, as every test has
    try:
        yield proxy, f"sftp://{address.user}@127.0.0.1:{proxy.port}{address.path}/{name}"
    finally:
        proxy.close()


def test_a_dropped_connection_is_one_line(on, archive, tmp_path, run):
    if on.kind != "sftp":
        pytest.skip("the proxy stands in front of the SSH server")
    built(archive, tmp_path / "site", run)
    with proxied(on, cut_after=60_000) as (proxy, target):
        code, stdout, stderr = run("publish", target, "--out", tmp_path / "site")
    assert (code, stdout) == (1, "")
    assert re.fullmatch(rf"error: cannot publish to {re.escape(target)}: the connection to 127\.0\.0\.1:"
                        rf"{proxy.port} dropped( \([^\n]+\))?; publish again to send the rest\n",
                        stderr), stderr


def test_a_damaged_manifest_on_the_host_is_told_as_damaged(on, archive, tmp_path, run):
    site = built(archive, tmp_path / "site", run)
    target = on.place()
    on.put(target, MANIFEST_NAME, b'{"version": 1, "files": {"index.html": {"sha2')
    code, stdout, stderr = run("publish", target, "--out", tmp_path / "site", *on.args())
    assert (code, stdout) == (1, "")
    assert stderr == (f"error: cannot publish to {parse_address(target).display}: its {MANIFEST_NAME} is "
                      "damaged (not a manifest the publisher can read); pass --force to send the whole "
                      "site again and rewrite it\n")
    code, stdout, stderr = run("publish", target, "--out", tmp_path / "site", "--force", *on.args())
    assert (code, stderr) == (0, "")
    remote = on.files(target)
    assert loads_manifest(remote.pop(MANIFEST_NAME)) == manifest_of(site) and remote == site


# -- addresses -------------------------------------------------------------------------------

@pytest.mark.parametrize(("typed", "meant"), [
    ("sftp:/results@venue.example.org/www", "did you mean sftp://results@venue.example.org/www?"),
    ("ftps:results@ftp.example.org/www", "did you mean ftps://results@ftp.example.org/www?"),
    ("results@venue.example.org:2222:/var/www",
     "did you mean sftp://results@venue.example.org:2222/var/www? (a folder whose name holds a colon: "
     "write ./results@venue.example.org:2222:/var/www)"),
    ("results@venue.example.org:www",
     "did you mean sftp://results@venue.example.org/~/www? (a folder whose name holds a colon: "
     "write ./results@venue.example.org:www)"),
])
def test_a_malformed_address_is_refused_with_the_one_it_meant(archive, tmp_path, run, monkeypatch,
                                                               typed, meant):
    built(archive, tmp_path / "site", run)
    monkeypatch.chdir(tmp_path)
    before = snapshot(tmp_path)
    code, stdout, stderr = run("publish", typed, "--out", tmp_path / "site")
    assert (code, stdout) == (2, "")
    assert stderr == f"error: cannot publish to {typed}: it is not an address; {meant}\n"
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize(("typed", "said"), [
    ("ftp:/results:hunter2@ftp.example.org/www",
     "ftp:/results@ftp.example.org/www: it is not an address; did you mean "
     "ftp://results@ftp.example.org/www?"),
    ("sftp://results:hun/ter2@venue.example.org/www",
     "sftp://results@venue.example.org/www: its host and port cannot be read; percent-encode a /, ?, # "
     "or @ in the user name or password (%2F, %3F, %23, %40)"),
])
def test_a_password_in_a_malformed_address_is_never_printed(archive, tmp_path, run, typed, said):
    built(archive, tmp_path / "site", run)
    code, stdout, stderr = run("publish", typed, "--out", tmp_path / "site")
    assert (code, stdout, stderr) == (2, "", f"error: cannot publish to {said}\n")
    assert "hunter2" not in stderr and "ter2" not in stderr


def test_an_address_without_a_host_or_with_a_query_is_refused(archive, tmp_path, run):
    built(archive, tmp_path / "site", run)
    code, _, stderr = run("publish", "sftp:///var/www", "--out", tmp_path / "site")
    assert (code, stderr) == (2, "error: cannot publish to sftp:///var/www: the address names no host; "
                                 "write sftp://[user@]host[:port]/path\n")
    code, _, stderr = run("publish", "ftp://host/www?x", "--out", tmp_path / "site")
    assert code == 2 and stderr.startswith("error: cannot publish to ftp://host/www?x: an address has no ")


def test_a_plain_path_with_a_colon_after_a_slash_is_a_folder(archive, tmp_path, run, monkeypatch):
    site = built(archive, tmp_path / "site", run)
    monkeypatch.chdir(tmp_path)
    code, _, stderr = run("publish", "./round:3", "--out", tmp_path / "site")
    assert (code, stderr) == (0, "")
    assert snapshot(tmp_path / "round:3").keys() == {*site, MANIFEST_NAME}


# -- a publish cut off half-way is resumed ---------------------------------------------------

def test_a_publish_cut_off_half_way_sends_only_the_rest(on, tmp_path, run):
    if on.kind != "sftp":
        pytest.skip("the proxy stands in front of the SSH server")
    chance = random.Random("cut")
    site = {f"e{i % 5}/p{i}.html": chance.randbytes(10_000).hex().encode() for i in range(300)}
    out = write_site(tmp_path / "site", site)
    total = sum(map(len, site.values()))
    with proxied(on, cut_after=total // 2) as (proxy, target):
        code, stdout, stderr = run("publish", target, "--out", out, "--jobs", "4")
        assert (code, stdout) == (1, "") and " dropped" in stderr, stderr
        landed = {p for p in site if on.read(target, p) == site[p]}
        assert 0 < len(landed) < len(site)
        proxy.cut_after, proxy.sent = None, 0
        code, stdout, stderr = run("publish", target, "--out", out, "--jobs", "4")
    assert (code, stderr) == (0, "")
    again = int(stdout.split()[1])
    resent = len(site) - len(landed) - again  # negative: files that had landed, sent again
    remote = on.files(target)
    assert loads_manifest(remote.pop(MANIFEST_NAME)) == manifest_of(site) and remote == site
    # What landed before the cut is kept but for the last manifest rewrite's worth (256 KB, 13 files).
    assert -13 <= resent <= 0, (len(landed), again)
    # The bytes that went up the second time: the rest, the manifest's rewrites and SSH's own.
    rest = total - sum(len(site[p]) for p in landed)
    assert proxy.sent < 1.25 * rest + 100_000, (proxy.sent, rest)


# -- paths that leave the root ---------------------------------------------------------------

def beside(on: Host, target: str) -> tuple[str, Path | None]:
    """Where ``../victim.html`` from the target's root lands: an object key of the bucket, or a file."""
    if on.kind == "s3":
        return f"{target.split('/', 3)[3].rsplit('/', 1)[0]}/victim.html", None
    return "", on._root(target).parent / "victim.html"


def victim_held(on: Host, target: str) -> bytes | None:
    key, path = beside(on, target)
    if path is not None:
        return path.read_bytes() if path.is_file() else None
    try:
        return on.s3.get_object(Bucket="results", Key=key)["Body"].read()
    except Exception:
        return None


def put_victim(on: Host, target: str) -> None:
    key, path = beside(on, target)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"not the site's")
    else:
        on.s3.put_object(Bucket="results", Key=key, Body=b"not the site's")


def test_a_built_site_naming_a_path_outside_its_root_is_refused(on, tmp_path, run):
    target = on.place()
    out = tmp_path / "site"
    files = {"index.html": b"<p>home</p>", "../victim.html": b"<p>outside</p>"}
    out.mkdir()
    (out / "index.html").write_bytes(files["index.html"])
    (tmp_path / "victim.html").write_bytes(files["../victim.html"])
    (out / MANIFEST_NAME).write_bytes(dumps_manifest(manifest_of(files)))
    code, stdout, stderr = run("publish", target, "--out", out, *on.args())
    assert (code, stdout) == (1, "")
    assert stderr == (f"error: cannot publish to {parse_address(target).display}: the built site names "
                      "'../victim.html', a path outside its root; build the site again (nothing was sent)\n")
    assert on.files(target) == {} and victim_held(on, target) is None


def test_a_host_manifest_naming_a_path_outside_the_target_is_refused_and_never_deleted(on, tmp_path, run):
    target = on.place()
    out = write_site(tmp_path / "site", {"index.html": b"<p>home</p>"})
    assert run("publish", target, "--out", out, *on.args())[0] == 0
    put_victim(on, target)
    recorded = manifest_of({"index.html": b"<p>home</p>", "../victim.html": b"not the site's"})
    on.put(target, MANIFEST_NAME, dumps_manifest(recorded))
    code, stdout, stderr = run("publish", target, "--out", out, *on.args())
    assert (code, stdout) == (1, "")
    assert stderr == (f"error: cannot publish to {parse_address(target).display}: its {MANIFEST_NAME} names "
                      "'../victim.html', a path outside the target (the publish deletes what it names); "
                      "pass --force to send the whole site again and rewrite it\n")
    assert victim_held(on, target) == b"not the site's"

    code, stdout, stderr = run("publish", target, "--out", out, "--force", *on.args())
    assert (code, stderr) == (0, "")
    remote = on.files(target)
    assert loads_manifest(remote.pop(MANIFEST_NAME)) == manifest_of({"index.html": b"<p>home</p>"})
    assert remote == {"index.html": b"<p>home</p>"} and victim_held(on, target) == b"not the site's"


# -- two publishes to one target -------------------------------------------------------------

def lock_line(holder: Holder) -> str:
    since = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(holder.since))
    return f"process {holder.pid} on {holder.host}, since {since}"


def test_a_second_publish_to_a_target_is_refused_while_the_first_runs(on, tmp_path, run):
    target = on.place()
    site = synthetic_site(1, pages=300)
    out = write_site(tmp_path / "site", site)
    first = subprocess.Popen([sys.executable, "-m", "publisher.cli", "publish", target, "--out", str(out),
                              "--jobs", "1", *on.args()], env={**os.environ, **on.env},
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        while (lock := on.read(target, LOCK_NAME)) is None and first.poll() is None:
            time.sleep(0.005)
        first.send_signal(signal.SIGSTOP)  # the first publish holds the lock, half-way
        assert lock is not None, "the first publish ended before its lock was seen"
        holder = Holder.loads(lock)
        assert holder is not None and (holder.host, holder.pid) == (socket.gethostname(), first.pid)
        code, stdout, stderr = run("publish", target, "--out", out, *on.args())
        assert (code, stdout) == (1, "")
        assert stderr == (f"error: cannot publish to {parse_address(target).display}: another publish is "
                          f"under way there ({lock_line(holder)}); wait for it to end, or remove "
                          f"{LOCK_NAME} from the target if that publish was stopped\n")
        assert on.read(target, LOCK_NAME) == lock
    finally:
        first.send_signal(signal.SIGCONT)
    stdout, stderr = first.communicate(timeout=300)
    assert (first.returncode, stderr.decode().removeprefix(FTP_WARNING)) == (0, ""), stderr
    remote = on.files(target)
    assert loads_manifest(remote.pop(MANIFEST_NAME)) == manifest_of(site) and remote == site  # no lock


def test_a_lock_left_behind_is_taken_over_and_never_a_file_of_the_site(on, tmp_path, run):
    target, site = on.place(), {"index.html": b"<p>home</p>"}
    out = write_site(tmp_path / "site", site)
    gone = subprocess.Popen(["true"])
    gone.wait()
    dead = Holder(socket.gethostname(), gone.pid, time.time() - 60)
    on.put(target, LOCK_NAME, dead.dumps())
    code, stdout, stderr = run("publish", target, "--out", out, "--dry-run", *on.args())
    assert (code, stderr) == (0, "") and LOCK_NAME not in stdout
    assert stdout.startswith("  would upload index.html\nwould upload 1 file and delete 0 files")
    code, stdout, stderr = run("publish", target, "--out", out, *on.args())
    assert (code, stderr) == (0, f"note: taking over the lock of {lock_line(dead)}: that process is no "
                                 "longer running\n")
    assert on.files(target).keys() == {"index.html", MANIFEST_NAME}

    old = Holder("another-laptop", 4242, time.time() - 2 * 3600)
    on.put(target, LOCK_NAME, old.dumps())
    site["index.html"] = b"<p>home, again</p>"
    out = write_site(tmp_path / "site", site)
    code, stdout, stderr = run("publish", target, "--out", out, *on.args())
    assert (code, stderr) == (0, f"warning: taking over the lock of {lock_line(old)}: it is over 60 minutes "
                                 "old; if that publish still runs, stop it\n")
    remote = on.files(target)
    assert loads_manifest(remote.pop(MANIFEST_NAME)) == manifest_of(site) and remote == site


def test_a_folder_without_links_takes_its_lock_all_the_same(tmp_path, run, monkeypatch):
    """vfat, exFAT and some shares have no hard links: the lock is created exclusively instead,
    and a second publish still finds it taken."""
    def no_links(source, target):
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr("os.link", no_links)
    out = write_site(tmp_path / "site", {"index.html": b"<p>home</p>"})
    target = tmp_path / "stick"
    code, _, stderr = run("publish", target, "--out", out)
    assert (code, stderr) == (0, "")
    assert sorted(p.name for p in target.iterdir()) == [MANIFEST_NAME, "index.html"]
    busy = Holder("another-laptop", 4242, time.time())
    (target / LOCK_NAME).write_bytes(busy.dumps())
    code, _, stderr = run("publish", target, "--out", out)
    assert code == 1 and f"another publish is under way there ({lock_line(busy)})" in stderr


def test_a_long_publish_writes_its_lock_again_and_never_one_taken_over(tmp_path, monkeypatch):
    """A first upload over a hall's Wi-Fi may take longer than a lock may be left: the publish
    writes its lock again as it sends, unless another publish has taken it over since."""
    from plugins.targets.folder import FolderTarget
    from publisher.publish import lock

    monkeypatch.setattr(lock, "RENEW_EVERY", 0.0)
    www = tmp_path / "www"
    www.mkdir()
    target = FolderTarget(parse_address(str(www)), {}, threading.Lock())
    lease = lock.Lease(lock.take_lock(target, print))
    taken = Holder.loads(lease.mine)
    time.sleep(0.01)
    lease.renew(target)
    renewed = Holder.loads((www / LOCK_NAME).read_bytes())
    assert renewed is not None and taken is not None and renewed.since > taken.since
    assert (www / LOCK_NAME).read_bytes() == lease.mine
    other = Holder("another-laptop", 4242, time.time()).dumps()
    (www / LOCK_NAME).write_bytes(other)
    lease.renew(target)
    lock.release_lock(target, lease.mine)
    assert (www / LOCK_NAME).read_bytes() == other  # theirs: neither renewed nor removed


# -- what a long upload and a plain FTP publish tell -----------------------------------------

def test_a_long_upload_tells_its_progress_in_a_log(on):
    site = {f"p{i}.html": bytes([65 + i]) * 1000 for i in range(5)}
    address = parse_address(on.place(), on.server.endpoint_url if on.server else "")
    for every, every_files, told in ((3600.0, 2, [2, 4]), (0.0, 500, [1, 2, 3, 4])):
        log = io.StringIO()
        publish(plugin_manager(), address, site_in_memory(site), jobs=1, force=True,
                progress=Progress(log, every=every, every_files=every_files))
        assert log.getvalue() == "".join(f"  sent {n} of 5 files, {n} KB of 5 KB\n" for n in told)
        site = {path: data.lower() for path, data in site.items()}


def test_a_long_upload_on_a_terminal_is_one_line_redrawn(tmp_path):
    site = {f"p{i}.html": b"x" * 2000 for i in range(3)}
    reader, writer = os.openpty()
    with open(writer, "w", encoding="utf-8") as terminal:
        publish(plugin_manager(), parse_address(str(tmp_path / "www")), site_in_memory(site),
                progress=Progress(terminal))
    shown = b""
    with contextlib.suppress(OSError):  # EIO: the terminal's other end is closed, all is read
        while chunk := os.read(reader, 4096):
            shown += chunk
    os.close(reader)
    assert shown.decode().startswith("\r  sent ")
    assert shown.decode().endswith("\r  sent 3 of 3 files, 6 KB of 6 KB\x1b[K\r\x1b[K")
    assert b"\n" not in shown


def test_a_plain_ftp_publish_warns_that_the_password_goes_in_clear(on, archive, tmp_path, capsys):
    if on.kind not in ("ftp", "ftps"):
        pytest.skip("FTP only")
    site = built(archive, tmp_path / "site", lambda *argv: (main([str(a) for a in argv]),
                                                            *capsys.readouterr()))
    code = main(["publish", on.place(), "--out", str(tmp_path / "site")])
    out, err = capsys.readouterr()
    assert (code, err) == (0, FTP_WARNING if on.kind == "ftp" else "")
    assert out.startswith(f"published {len(site)} files to ")


# -- --verify --------------------------------------------------------------------------------

def test_verify_repairs_a_file_edited_on_the_host_keeping_its_size_and_time(on, archive, tmp_path, run):
    target, out = on.place(), tmp_path / "site"
    site = built(archive, out, run)
    assert run("publish", target, "--out", out, *on.args())[0] == 0
    page = "club-swiss/players.html"
    edited = site[page].replace(b"<", b">", 1)
    assert len(edited) == len(site[page]) and edited != site[page]
    if on.kind == "s3":
        on.put(target, page, edited)
    else:
        held = on._root(target) / page
        times = held.stat()
        held.write_bytes(edited)
        os.utime(held, ns=(times.st_atime_ns, times.st_mtime_ns))

    code, stdout, stderr = run("publish", target, "--out", out, *on.args())
    assert (code, stderr) == (0, "")
    if on.kind == "s3":  # its listing gives every object's MD5: a plain publish sees the edit
        assert stdout.startswith("published 1 file to ") and on.read(target, page) == site[page]
    else:  # the manifest cannot see a same-size edit
        assert " is up to date " in stdout and on.read(target, page) == edited

    code, stdout, stderr = run("publish", target, "--out", out, "--verify", *on.args())
    assert (code, stderr) == (0, "")
    repaired = 0 if on.kind == "s3" else 1
    assert stdout.endswith(f"; verified {len(site)} files on the host, {repaired} differed\n"), stdout
    assert stdout.startswith("published 1 file to " if repaired else f"{parse_address(target).display} is "
                             "up to date ")
    remote = on.files(target)
    assert loads_manifest(remote.pop(MANIFEST_NAME)) == manifest_of(site) and remote == site
