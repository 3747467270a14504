"""S3 and S3-compatible storage (MinIO, Cloudflare R2, Backblaze B2, DigitalOcean Spaces).

Credentials come from boto3's standard chain (environment, profile, instance role);
``endpoint_url`` points at another provider than AWS. Every object is written in one
request, so it is replaced atomically, with its Content-Type and Cache-Control.
"""

from __future__ import annotations

import threading
from typing import Any

import boto3
import botocore.config
import botocore.exceptions

from publisher.publish.targets import Address, Headers, RemoteFile, Target


def _client(endpoint_url: str):
    config = botocore.config.Config(max_pool_connections=64, connect_timeout=10,
                                    read_timeout=30, retries={"max_attempts": 3})
    return boto3.session.Session().client("s3", endpoint_url=endpoint_url or None, config=config)


class S3Target(Target):
    """``s3://bucket/prefix``: the site's files are the objects below the prefix."""

    def __init__(self, address: Address, shared: dict[str, Any], shared_lock: threading.Lock):
        super().__init__(address, shared, shared_lock)
        self.bucket = address.host
        self.prefix = f"{address.path.strip('/')}/" if address.path.strip("/") else ""
        self.s3 = None

    def open(self) -> None:
        try:
            with self.shared_lock:  # one client for every connection: thread-safe, slow to make
                if "s3" not in self.shared:
                    self.shared["s3"] = _client(self.address.endpoint_url)
                    # a GET, not a HEAD: its answer names the cause (wrong key, no such bucket)
                    self.shared["s3"].list_objects_v2(Bucket=self.bucket, Prefix=self.prefix, MaxKeys=1)
            self.s3 = self.shared["s3"]
        except Exception as error:
            raise self._failure(error) from None

    def _failure(self, error: Exception, path: str = ""):
        where = f" writing {path}" if path else ""
        if isinstance(error, botocore.exceptions.NoCredentialsError):
            return self.fail("no AWS credentials were found; set AWS_ACCESS_KEY_ID and "
                             "AWS_SECRET_ACCESS_KEY, "
                             "or AWS_PROFILE, or run where an instance role gives them")
        unreachable = botocore.exceptions.EndpointConnectionError | botocore.exceptions.ConnectTimeoutError
        if isinstance(error, unreachable):
            endpoint = self.address.endpoint_url or "AWS S3"
            return self.fail(f"cannot reach {endpoint}; check the endpoint URL and the network")
        if isinstance(error, botocore.exceptions.ClientError):
            code = str(error.response.get("Error", {}).get("Code", ""))
            if code in ("InvalidAccessKeyId", "SignatureDoesNotMatch", "InvalidToken", "ExpiredToken"):
                return self.fail("the login was refused: the access key or secret is wrong or expired")
            if code in ("403", "AccessDenied", "AllAccessDisabled"):
                return self.fail(f"permission denied{where}; the credentials may not write to "
                                 f"bucket {self.bucket}")
            if code in ("404", "NoSuchBucket"):
                return self.fail(f"there is no bucket {self.bucket}; create it, or check the name "
                                 "and the endpoint URL")
            if code in ("EntityTooLarge", "QuotaExceeded", "StorageQuotaExceeded"):
                return self.fail(f"the storage is full{where} ({code})")
            return self.fail(f"S3 answered {code}{where}")
        if isinstance(error, botocore.exceptions.BotoCoreError):
            return self.fail(f"{error}{where}")
        raise error

    def read(self, path: str) -> bytes | None:
        try:
            return self.s3.get_object(Bucket=self.bucket, Key=self.prefix + path)["Body"].read()
        except botocore.exceptions.ClientError as error:
            if error.response.get("Error", {}).get("Code") in ("NoSuchKey", "404"):
                return None
            raise self._failure(error, path) from None

    def listing(self) -> dict[str, RemoteFile]:
        found: dict[str, RemoteFile] = {}
        try:
            pages = self.s3.get_paginator("list_objects_v2").paginate(Bucket=self.bucket, Prefix=self.prefix)
            for page in pages:
                for item in page.get("Contents", []):
                    etag = item.get("ETag", "").strip('"')
                    md5 = etag if len(etag) == 32 and "-" not in etag else ""  # multipart ETags are not MD5s
                    found[item["Key"][len(self.prefix):]] = RemoteFile(int(item["Size"]), md5)
        except Exception as error:
            raise self._failure(error) from None
        return found

    def write(self, path: str, data: bytes, headers: Headers) -> None:
        try:
            self.s3.put_object(Bucket=self.bucket, Key=self.prefix + path, Body=data,
                               ContentType=headers.content_type, CacheControl=headers.cache_control)
        except Exception as error:
            raise self._failure(error, path) from None

    def create(self, path: str, data: bytes, headers: Headers) -> bool:
        """A conditional write (If-None-Match: *): the storage refuses it when the key exists."""
        try:
            self.s3.put_object(Bucket=self.bucket, Key=self.prefix + path, Body=data, IfNoneMatch="*",
                               ContentType=headers.content_type, CacheControl=headers.cache_control)
            return True
        except botocore.exceptions.ClientError as error:
            code = error.response.get("Error", {}).get("Code")
            if code in ("PreconditionFailed", "ConditionalRequestConflict"):
                return False
            raise self._failure(error, path) from None
        except Exception as error:
            raise self._failure(error, path) from None

    def delete(self, path: str) -> None:
        try:
            self.s3.delete_object(Bucket=self.bucket, Key=self.prefix + path)
        except Exception as error:
            raise self._failure(error, path) from None

    def close(self) -> None:
        pass
