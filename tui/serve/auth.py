"""Who may play: the host key, the keys file that maps public keys to player names, and logins.

Keys file, one player key per line (blank lines and # comments are skipped):

    alice ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI... alice@laptop

The file is read again whenever it changes, so a host adds players without a restart.
A refused player is told why once every key has failed, through a keyboard-interactive round
with no questions (OpenSSH prints its instruction).
"""
from __future__ import annotations

import logging
import os
from pathlib import Path

import asyncssh

from tui.serve.players import name_problem, player_name

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
            why = name_problem(parts[0]) if name is None else "the key is missing"
            problems.append(f"{source}:{number}: expected 'NAME KEYTYPE KEY [comment]' ({why})")
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


class PlayerConnection(asyncssh.SSHServer):
    """One client connection: counted against the rate limit, then logged in (or refused)."""

    def __init__(self, service) -> None:  # the server's FabletopService
        self.service = service
        self.keys_mode = service.config.auth == "keys"
        self.label = "?"
        self.player: str | None = None
        self.offered: list[str] = []  # fingerprints of refused keys
        self.choices: list[str] = []  # a key's player names when the user name chose none
        self.refused = False
        self.over_rate = False
        self.kbdint_rounds = 0

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        host, port = conn.get_extra_info("peername")[:2]
        self.label = f"#{next(self.service.numbers)} {host}:{port}"
        self.service.connections.add(conn)
        self.over_rate = not self.service.rate.allow(host)
        log.info("connect %s", self.label)

    def connection_lost(self, exc: Exception | None) -> None:
        self.service.connections.discard(self.conn)
        if not self.conn.get_extra_info("fabletop_player") and self.offered:
            self._refuse(self._refusal_reason())
        log.info("disconnect %s %s%s", self.label, self.player or "-", f" ({exc})" if exc else "")

    def _refuse(self, reason: str) -> None:
        if not self.refused:
            self.refused = True
            log.info("refused %s %s", self.label, reason)

    def begin_auth(self, username: str) -> bool:
        if self.over_rate:
            self._refuse("too many new connections from this address")
            raise asyncssh.DisconnectError(asyncssh.DISC_TOO_MANY_CONNECTIONS,
                                           "fabletop: too many new connections from your "
                                           "address; please try again in a minute")
        if self.keys_mode:
            return True
        self.player = player_name(username)  # checked when the session starts, with a message
        return False

    def auth_completed(self) -> None:
        self.conn.set_extra_info(fabletop_player=self.player, fabletop_label=self.label)
        how = "by key" if self.keys_mode else "open"
        log.info("login %s %s (%s)", self.label, self.player or "-", how)

    # -- keys mode ------------------------------------------------------------------
    def public_key_auth_supported(self) -> bool:
        return self.keys_mode

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        names = self.service.keys.names_for(key)
        player = choose_player(names, username)
        if player is not None:
            self.player = player
            return True
        if names:
            self.choices = names
        fingerprint = key.get_fingerprint()
        if fingerprint not in self.offered:
            self.offered.append(fingerprint)
        return False

    def kbdint_auth_supported(self) -> bool:
        return self.keys_mode  # only to tell a refused player why, once every key has failed

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str):
        """No questions: the instruction says why the keys failed, once; clients retry a few
        times (OpenSSH three), and one that keeps on is sent away."""
        self.kbdint_rounds += 1
        if self.kbdint_rounds > 3:
            raise asyncssh.PermissionDenied("fabletop: no registered key")
        if self.kbdint_rounds > 1:
            return False
        self._refuse(self._refusal_reason())
        return "", self._refusal_text(), "", []

    def validate_kbdint_response(self, username: str, responses) -> bool:
        return False

    def _refusal_reason(self) -> str:
        if self.choices:
            return f"key plays as {', '.join(self.choices)}; the user name chose none"
        if not self.offered:
            return "no key offered"
        return f"key {', '.join(self.offered)} not registered"

    def _refusal_text(self) -> str:
        if self.choices:
            return (f"fabletop: your key plays as {' or '.join(self.choices)} here, not under "
                    f"the name you gave: log in as one of them, e.g. ssh {self.choices[0]}@HOST\n")
        if not self.offered:
            return ("fabletop: players log in here with an SSH key, and your client offered "
                    "none. Make one with ssh-keygen and send the host the .pub file and the "
                    "player name you want.\n")
        return (f"fabletop: this server does not know your key ({', '.join(self.offered)}). "
                "To play, send the host your public key (e.g. ~/.ssh/id_ed25519.pub) and the "
                "player name you want.\n")
