"""Real servers on free loopback ports for the publish tests: OpenSSH's sshd, pyftpdlib
(FTP and FTPS with a generated certificate) and moto's standalone S3 server.

Each server is started once per test module and serves a folder of a temporary
directory (S3 keeps its objects in moto's memory), so a test checks what the host
really holds by reading that folder.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import getpass
import logging
import os
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pytest

SSHD = Path("/usr/sbin/sshd")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for_port(port: int, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing listens on 127.0.0.1:{port} after {timeout} s")


@dataclass
class Server:
    """A running server: the TARGET to publish to, the environment the publisher needs (its
    HOME with keys and known_hosts, passwords, credentials), and where the files land."""

    url: str
    env: dict[str, str] = field(default_factory=dict)
    root: Path | None = None
    endpoint_url: str = ""


def _keygen(path: Path) -> None:
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "publisher-test", "-f", str(path)],
                   check=True)


@contextmanager
def sshd(base: Path) -> Iterator[Server]:
    """OpenSSH's sshd as ``sshd -D -f <generated config>`` with a generated host key; the
    client's HOME holds a generated key and a known_hosts naming the host key."""
    if not SSHD.is_file():
        pytest.skip("OpenSSH's sshd is not installed (apt-get install -y openssh-server)")
    if os.geteuid() == 0:
        Path("/run/sshd").mkdir(mode=0o755, exist_ok=True)  # sshd's privilege separation, as root
    keys, home = base / "sshd", base / "home"
    (home / ".ssh").mkdir(parents=True)
    keys.mkdir()
    _keygen(keys / "host_key")
    _keygen(home / ".ssh/id_ed25519")
    shutil.copy(home / ".ssh/id_ed25519.pub", keys / "authorized_keys")
    port = free_port()
    host_key = (keys / "host_key.pub").read_text().split()
    (home / ".ssh/known_hosts").write_text(f"[127.0.0.1]:{port} {host_key[0]} {host_key[1]}\n")
    config = keys / "sshd_config"
    config.write_text(f"""Port {port}
ListenAddress 127.0.0.1
HostKey {keys / 'host_key'}
PidFile {keys / 'sshd.pid'}
AuthorizedKeysFile {keys / 'authorized_keys'}
PasswordAuthentication no
KbdInteractiveAuthentication no
PubkeyAuthentication yes
UsePAM no
StrictModes no
PermitRootLogin prohibit-password
Subsystem sftp internal-sftp
LogLevel ERROR
""")
    root = base / "www"
    root.mkdir()
    process = subprocess.Popen([str(SSHD), "-D", "-e", "-f", str(config)], stderr=subprocess.PIPE)
    try:
        wait_for_port(port)
        yield Server(f"sftp://{getpass.getuser()}@127.0.0.1:{port}{root}/site",
                     {"HOME": str(home), "SSH_AUTH_SOCK": ""}, root / "site")
    finally:
        process.terminate()
        process.wait(timeout=10)


def _certificate(folder: Path) -> Path:
    """A self-signed certificate and key for the FTPS server, in one PEM file."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = dt.datetime.now(dt.UTC)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(now - dt.timedelta(days=1))
            .not_valid_after(now + dt.timedelta(days=30)).sign(key, hashes.SHA256()))
    pem = folder / "ftps.pem"
    pem.write_bytes(cert.public_bytes(serialization.Encoding.PEM) + key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.TraditionalOpenSSL,
        serialization.NoEncryption()))
    return pem


FTP_USER, FTP_READER, FTP_PASSWORD = "results", "reader", "s3cret-Pa55"


@contextmanager
def ftpd(base: Path, tls: bool, mlsd: bool = True) -> Iterator[Server]:
    """pyftpdlib on a free loopback port; with ``tls``, explicit FTPS with a generated certificate
    (and TLS required on the control and data connections); without ``mlsd``, a server that
    lists folders only with LIST, as vsftpd does."""
    from pyftpdlib.authorizers import DummyAuthorizer
    from pyftpdlib.handlers import FTPHandler, TLS_FTPHandler
    from pyftpdlib.servers import ThreadedFTPServer

    home = base / "ftp-home"
    home.mkdir(parents=True)
    authorizer = DummyAuthorizer()
    authorizer.add_user(FTP_USER, FTP_PASSWORD, str(home), perm="elradfmwMT")
    authorizer.add_user(FTP_READER, FTP_PASSWORD, str(home), perm="elr")  # may not write

    handler: type[FTPHandler]
    if tls:
        class Handler(TLS_FTPHandler):
            certfile = str(_certificate(base))
            tls_control_required = True
            tls_data_required = True
    else:
        class Handler(FTPHandler):  # type: ignore[no-redef]
            pass
    handler = Handler
    if not mlsd:
        handler.proto_cmds = {k: v for k, v in FTPHandler.proto_cmds.items() if k != "MLSD"}
    handler.authorizer = authorizer
    handler.passive_ports = None
    port = free_port()
    server = ThreadedFTPServer(("127.0.0.1", port), handler)
    thread = threading.Thread(target=server.serve_forever, kwargs={"timeout": 0.2}, daemon=True)
    thread.start()
    try:
        wait_for_port(port)
        scheme = "ftps" if tls else "ftp"
        yield Server(f"{scheme}://{FTP_USER}@127.0.0.1:{port}/site",
                     {"PUBLISHER_FTP_PASSWORD": FTP_PASSWORD, "HOME": str(base)}, home / "site")
    finally:
        server.close_all()
        thread.join(timeout=10)


@contextmanager
def s3(base: Path, bucket: str = "results") -> Iterator[Server]:
    """moto's standalone S3 server, used through boto3 at its endpoint as a provider would be,
    checking credentials: an IAM user's key is made while moto still lets anyone in, then
    every request must be signed with it."""
    import json

    import boto3
    from moto.server import ThreadedMotoServer

    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # a line per request otherwise
    port = free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    endpoint = f"http://127.0.0.1:{port}"
    try:
        wait_for_port(port)
        _moto_auth(endpoint, b"3")
        iam = boto3.client("iam", endpoint_url=endpoint, aws_access_key_id="anyone",
                           aws_secret_access_key="anyone", region_name="us-east-1")
        iam.create_user(UserName="publisher")
        key = iam.create_access_key(UserName="publisher")["AccessKey"]
        iam.put_user_policy(UserName="publisher", PolicyName="site", PolicyDocument=json.dumps(
            {"Version": "2012-10-17",
             "Statement": [{"Effect": "Allow", "Action": "s3:*", "Resource": "*"}]}))
        env = {"AWS_ACCESS_KEY_ID": key["AccessKeyId"], "AWS_SECRET_ACCESS_KEY": key["SecretAccessKey"],
               "AWS_DEFAULT_REGION": "us-east-1", "AWS_CONFIG_FILE": os.devnull,
               "AWS_SHARED_CREDENTIALS_FILE": os.devnull, "HOME": str(base)}
        found = Server(f"s3://{bucket}/site", env, None, endpoint)
        s3_client(found).create_bucket(Bucket=bucket)
        yield found
    finally:
        _moto_auth(endpoint, b"inf")
        server.stop()


def _moto_auth(endpoint: str, free_requests: bytes) -> None:
    """Let ``free_requests`` more requests in unsigned, then check every signature."""
    import urllib.request

    urllib.request.urlopen(urllib.request.Request(
        f"{endpoint}/moto-api/reset-auth", free_requests, {"Content-Type": "text/plain"}))


def s3_client(server: Server):
    import boto3

    return boto3.client("s3", endpoint_url=server.endpoint_url, region_name="us-east-1",
                        aws_access_key_id=server.env["AWS_ACCESS_KEY_ID"],
                        aws_secret_access_key=server.env["AWS_SECRET_ACCESS_KEY"])


def s3_objects(client, target: str) -> dict[str, tuple[bytes, str, str]]:
    """Every object below the prefix of ``target``: bytes, Content-Type and Cache-Control."""
    bucket, prefix = target[len("s3://"):].split("/", 1)
    found = {}
    for page in client.get_paginator("list_objects_v2").paginate(Bucket=bucket, Prefix=f"{prefix}/"):
        for item in page.get("Contents", []):
            got = client.get_object(Bucket=bucket, Key=item["Key"])
            found[item["Key"][len(prefix) + 1:]] = (got["Body"].read(), got["ContentType"],
                                                    got.get("CacheControl", ""))
    return found


class CuttingProxy:
    """A TCP proxy on a free loopback port in front of ``port``, that cuts every connection
    once ``cut_after`` bytes have gone up through it in all (None: never), as a hall's Wi-Fi
    does. ``sent`` counts the bytes that went up."""

    def __init__(self, port: int, cut_after: int | None = None):
        self.upstream, self.cut_after, self.sent = port, cut_after, 0
        self.port = free_port()
        self._lock = threading.Lock()
        self._listener = socket.create_server(("127.0.0.1", self.port))
        self._stop = threading.Event()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self._stop.is_set():
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            server = socket.create_connection(("127.0.0.1", self.upstream))
            threading.Thread(target=self._relay, args=(client, server, True), daemon=True).start()
            threading.Thread(target=self._relay, args=(server, client, False), daemon=True).start()

    def _relay(self, source: socket.socket, sink: socket.socket, up: bool) -> None:
        try:
            cut = False
            while not cut and (data := source.recv(65536)):
                if up:
                    with self._lock:
                        if self.cut_after is not None:
                            data = data[:max(0, self.cut_after - self.sent)]
                            cut = self.sent + len(data) >= self.cut_after
                        self.sent += len(data)
                sink.sendall(data)
        except OSError:
            pass
        for sock in (source, sink):
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()

    def close(self) -> None:
        self._stop.set()
        self._listener.close()
