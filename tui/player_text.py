"""Text a player typed (names, guesses) or a file held, made safe to put inside Textual markup.

Textual's own `escape` leaves an unclosed "[b" as it is, so the closing tag after it is read as
text or, in a longer line, as a broken tag; and a trailing backslash escapes the tag after it.
Here every "[" is escaped, and a backslash is kept from escaping what follows with an invisible
zero-width space. Where a widget can take a plain `Text` instead of markup, prefer that.
"""
from __future__ import annotations

ZERO_WIDTH = "\u200b"


def markup_safe(text: str) -> str:
    """`text` shown exactly as written when placed inside markup."""
    return text.replace("\\", "\\" + ZERO_WIDTH).replace("[", "\\[")
