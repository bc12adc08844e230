"""Who may play: the host key, and the keys file that maps public keys to player names.

Keys file, one player key per line (blank lines and # comments are skipped):

    alice ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI... alice@laptop

The file is read again whenever it changes, so a host adds players without a restart.
"""
from __future__ import annotations

import logging
import os
from pathlib import Path

import asyncssh

from tui.serve.players import NAME_RULE, player_name

log = logging.getLogger("fabletop.serve")

KEYS_TEMPLATE = """\
# fabletop players: one line per key, the player name first, then the public key.
# alice ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI... alice@laptop
"""


def load_host_key(data_dir: Path) -> asyncssh.SSHKey:
    """The server's ed25519 host key, created (owner-only) on the first start and kept."""
    path = data_dir / "host_key"
    if not path.exists():
        key = asyncssh.generate_private_key("ssh-ed25519", comment="fabletop host key")
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as handle:
            handle.write(key.export_private_key())
        log.info("created host key %s", path)
    return asyncssh.read_private_key(path)


def parse_keys(text: str, source: str) -> tuple[dict[bytes, list[str]], list[str]]:
    """Public key -> player names, and one sentence per line that could not be used."""
    players: dict[bytes, list[str]] = {}
    problems = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split()
        name = player_name(parts[0])
        if name is None or len(parts) < 3:
            problems.append(f"{source}:{number}: expected 'NAME KEYTYPE KEY [comment]' with NAME "
                            f"made of {NAME_RULE}")
            continue
        try:
            key = asyncssh.import_public_key(f"{parts[1]} {parts[2]}")
        except (asyncssh.KeyImportError, ValueError) as exc:
            problems.append(f"{source}:{number}: the key for {name} cannot be read ({exc})")
            continue
        names = players.setdefault(key.public_data, [])
        if name not in names:
            names.append(name)
    return players, problems


class KeyBook:
    """The keys file, re-read when it changes; problems are logged once per change."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._stamp: tuple[int, int] | None = None
        self._players: dict[bytes, list[str]] = {}

    def ensure(self) -> None:
        """Create an empty keys file with an example line if there is none."""
        if not self.path.exists():
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(KEYS_TEMPLATE)

    def names_for(self, key: asyncssh.SSHKey) -> list[str]:
        """The player names this public key may play as (empty: not registered)."""
        self._reload()
        return list(self._players.get(key.public_data, ()))

    def count(self) -> int:
        self._reload()
        return len(self._players)

    def _reload(self) -> None:
        try:
            stat = self.path.stat()
            stamp = (stat.st_mtime_ns, stat.st_size)
            if stamp == self._stamp:
                return
            text = self.path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            if self._stamp != (0, 0):
                log.warning("keys file %s cannot be read (%s): nobody can log in", self.path, exc)
            self._stamp, self._players = (0, 0), {}
            return
        self._players, problems = parse_keys(text, str(self.path))
        self._stamp = stamp
        for problem in problems:
            log.warning("keys file: %s", problem)


def choose_player(names: list[str], username: str) -> str | None:
    """The player a key logs in as: its only name, or the SSH user name when it has several."""
    if len(names) == 1:
        return names[0]
    wanted = player_name(username)
    return wanted if wanted in names else None
