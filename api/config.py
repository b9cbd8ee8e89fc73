"""Server settings (what `goatherd serve` flags set)."""

from __future__ import annotations

import ipaddress
import os
from dataclasses import dataclass
from pathlib import Path


def default_db_path() -> str:
    """$GOATHERD_DB, else $XDG_DATA_HOME/goatherd/goatherd.db (~/.local/share/...).

    One place per user, whatever folder the server is started from, so an evening's
    tally is found again next time."""
    if os.environ.get("GOATHERD_DB"):
        return os.environ["GOATHERD_DB"]
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return str(Path(data) / "goatherd" / "goatherd.db")


def is_loopback_host(host: str) -> bool:
    if host in ("localhost", ""):
        return host == "localhost"
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@dataclass
class Settings:
    db_path: str = ""
    host: str = "127.0.0.1"
    port: int = 8000
    require_code: bool | None = None  # None: on exactly when listening beyond this machine
    trust_loopback: bool = True  # this machine itself may always write
    max_body: int = 64 * 1024
    synchronous: str = "FULL"
    camera: str | None = None
    public_url: str | None = None
    manage_gc: bool = False  # `goatherd serve` turns it on: full GC passes only when tables are idle

    def __post_init__(self) -> None:
        if not self.db_path:
            self.db_path = default_db_path()

    @property
    def protected(self) -> bool:
        if self.require_code is not None:
            return self.require_code
        key = self.host
        if getattr(self, "_protected_for", None) != key:  # cached: asked on every request
            self._protected_for, self._protected = key, not is_loopback_host(key)
        return self._protected
