"""The one rule for a fence's info string: which of our blocks it opens, and the options it gives.

```` ```tiles river ```` is a tiles fence (a hand a line) and ```` ```tiles-scene lang=ja ```` a scene block;
each also in an attribute list (```` ```{.tiles river} ````, which is one only when its brace closes) and
a scene in MyST's braces (```` ```{tiles-scene} lang=ja ````). The word ends at a space or tab (or a brace
in braces): ```` ```tiles-foo ````, ```` ```tiles.js ```` and ```` ```tiles:x ```` are other code.
```` ```{tiles} 123m ```` is MyST's ``tiles`` directive (Sphinx reads its notation), no fence of hands.

The rule reads the string once, left to right, with no pattern that backtracks, so its time grows
with the string's length, not its square. remark-tiles and markdown-it-tiles hold the same rule
(their ``lib/fence_words.js``); tests/fixtures/fence_words.json is the table all three are held to.

>>> fence_word("tiles river"), fence_word("{.tiles-scene lang=ja}"), fence_word("tiles.js"), fence_word("{tiles} 1m")
(FenceWord(word='tiles', options='river', at=6), FenceWord(word='tiles-scene', options='lang=ja', at=14), None, None)
"""

from __future__ import annotations

from typing import NamedTuple

WORDS = ("tiles-scene", "tiles")  # the longer first: tiles-scene is not tiles and "-scene"
MAX_INFO = 1024  # characters of an info string (or a scene's options) that POST /batch and `tiles batch` read
_BLANK = " \t"


class FenceWord(NamedTuple):
    word: str  # "tiles" or "tiles-scene"
    options: str  # what the info string gives after the word, its braces and outer spaces off
    at: int  # where ``options`` starts in the info string (0-based)


def fence_word(info: str) -> FenceWord | None:
    """The block an info string opens, and its options; None when it opens none of ours.

    >>> fence_word("tiles-scene {lang=ja}"), fence_word("{tiles-scene} lang=ja"), fence_word("tiles row={4}")
    (FenceWord(word='tiles-scene', options='lang=ja', at=13), FenceWord(word='tiles-scene', options='lang=ja', at=14), FenceWord(word='tiles', options='row={4}', at=6))
    >>> fence_word("{.tiles river"), fence_word("tiles-foo"), fence_word("tilesets"), fence_word("{.tiles}")
    (None, None, None, FenceWord(word='tiles', options='', at=8))
    """
    end = len(info.rstrip(_BLANK))
    i = _blanks(info, 0, end)
    if i < end and info[i] == "{":
        j = _blanks(info, i + 1, end)
        dot = info.startswith(".", j)
        word = _word_at(info, j + dot)
        if word is None:
            return None
        k = j + dot + len(word)
        m = _blanks(info, k, end)
        if m < end and info[m] == "}":  # {tiles-scene} lang=ja, {.tiles}: the braces hold the word alone
            if word == "tiles" and not dot:
                return None  # MyST's {tiles} directive: its argument is a notation, its lines options
            if m + 1 < end and info[m + 1] not in _BLANK:
                return None
            return _options(word, info, m + 1, end)
        if m == k or info[end - 1] != "}":  # {tiles-foo}; {.tiles river with no closing brace
            return None
        inner_end = len(info[:end - 1].rstrip(_BLANK))
        return FenceWord(word, info[m:inner_end] if m < inner_end else "", m)
    word = _word_at(info, i)
    if word is None:
        return None
    k = i + len(word)
    if k < end and info[k] not in _BLANK:
        return None
    return _options(word, info, k, end)


def _word_at(info: str, i: int) -> str | None:
    return next((w for w in WORDS if info.startswith(w, i)), None)


def _blanks(info: str, i: int, end: int) -> int:
    """The first position from ``i`` (before ``end``) that is not a space or tab."""
    return min(end, i + len(info[i:end]) - len(info[i:end].lstrip(_BLANK)))


def _options(word: str, info: str, start: int, end: int) -> FenceWord:
    """What follows the word (from ``start``): a scene's options may be in braces (``tiles-scene {lang=ja}``)."""
    a = _blanks(info, start, end)
    if word == "tiles-scene" and a < end - 1 and info[a] == "{" and info[end - 1] == "}":
        b = _blanks(info, a + 1, end - 1)
        return FenceWord(word, info[b:len(info[:end - 1].rstrip(_BLANK))] if b < end - 1 else "", b)
    return FenceWord(word, info[a:end], a)
