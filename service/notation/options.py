"""Render options: validated once, shared by the CLI, the HTTP app and the cache key.

>>> RenderOptions.from_query({"height": "64", "scale": "2", "bg": "fff"}).key()
'h64-s2-light-bgffffffff-gauto-png'
>>> RenderOptions.from_query({"layout": "river", "row": "8"}).key()
'h38-s1-light-bgnone-river8-png'
>>> RenderOptions.from_query({"layout": "efficiency", "rows": "3"}).key()
'h38-s1-light-bgnone-efficiency3-png'
>>> RenderOptions.from_query({"dora": "4Z1m", "lang": "ja"}).key()
'h38-s1-light-bgnone-gauto-png-dora4z1m-ja'
>>> RenderOptions.from_query({"index": "1"}).key()
'h38-s1-light-bgnone-gauto-png-index'
>>> RenderOptions.from_query({"wild": "0P"}).wild  # analysis only: not in the key
'5p'
>>> RenderOptions.from_query({"dialect": "chombo-gen"}).dialect  # reading only: not in the key
'riichi-hand-rs'
>>> RenderOptions.from_query({"scale": "9"})
Traceback (most recent call last):
...
service.notation.options.OptionError: scale must be a whole number from 1 to 4, not '9'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Mapping

from .dialects import dialect_name
from .dora import KINDS, LANGS, IndicatorError, read_indicators
from .model import ANY_TILE, JOKER, SUITS, Group, Hand, Tile

MIN_HEIGHT, MAX_HEIGHT = 16, 256
MIN_SCALE, MAX_SCALE = 1, 4
MAX_GAP = 256
FORMATS = ("png", "webp", "svg", "pdf")
VECTOR_FORMATS = ("svg", "pdf")  # drawn as paths: no bitmap, so no scale to the size (it tunes hairlines)
THEME_AUTO = "auto"  # SVG only: light or dark by the reader's prefers-color-scheme
LAYOUTS = ("hand", "river", "efficiency")  # a hand with its melds, a player's discards (service/notation/river.py),
# or a hand's acceptance table (service/layout/efficiency_layout.py)
MIN_ROW, MAX_ROW = 4, 10  # discards per river row
DEFAULT_ROW = 6
MIN_ROWS, MAX_ROWS = 1, 34  # an acceptance table's rows shown (a discard a row); None: every row
_HEX = re.compile(r"#?([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})")
_WILD = re.compile(r"[0-9][mps]|[1-7]z")
_SCORE = re.compile(r"|on|[a-z_]+=[A-Za-z0-9]+(?:&[a-z_]+=[A-Za-z0-9]+)*")  # names and values as a key can hold


class OptionError(ValueError):
    """A render option out of range or malformed; ``param`` names it."""

    def __init__(self, message: str, param: str, position: int | None = None, text: str | None = None):
        super().__init__(message)
        self.message = message
        self.param = param
        self.position = position  # in the option's text, when it is tile text (dora, ura, visible)
        self.text = text  # that text, when a 400 shows it with the position (visible)


def _themes() -> tuple[str, ...]:
    import tile_art

    return tuple(tile_art.THEMES)


@dataclass(frozen=True, slots=True)
class RenderOptions:
    """How to draw a hand. ``height`` is CSS px of an upright tile; the bitmap is height x scale."""

    height: int = 38
    scale: int = 1
    theme: str = "light"
    background: tuple[int, int, int, int] | None = None  # None: transparent
    gap: int | None = None  # CSS px between groups; None: a third of a tile width
    format: str = "png"
    layout: str = "hand"  # or "river"
    row: int = DEFAULT_ROW  # discards per river row; hands ignore it
    exact: bool = False  # True: always the exact RGBA picture, never a palette (PNG/WebP)
    dora: str = ""  # dora indicators beside the hand (service/notation/dora.py); kept canonical
    ura: str = ""  # ura dora indicators
    lang: str = "en"  # the language of the strips' labels and of the alt text (SVG <title>, JSON description)
    index: bool = False  # True: a corner index on every face that has one (tile_art.corner)
    wild: str | None = None  # the analysis' wild kind (laizi), as "5z"; the picture ignores it
    score: str = ""  # the score card's context as service.scoring.score_text writes it ("seat=S&riichi=1", "on")
    rows: int | None = None  # an acceptance table's first rows (layout="efficiency"); None: all
    dialect: str | None = None  # the notation is another tool's (service.notation.dialects); reading only
    visible: str = ""  # tiles seen elsewhere, for the acceptance table's counts (`read_visible`); kept canonical

    def __post_init__(self):
        _check_int("height", self.height, MIN_HEIGHT, MAX_HEIGHT)
        _check_int("scale", self.scale, MIN_SCALE, MAX_SCALE)
        if self.gap is not None:
            _check_int("gap", self.gap, 0, MAX_GAP)
        _check_int("row", self.row, MIN_ROW, MAX_ROW)
        if self.layout not in LAYOUTS:
            raise OptionError(f"layout must be hand, river or efficiency, not {str(self.layout)!r}", "layout")
        if self.rows is not None:
            _check_int("rows", self.rows, MIN_ROWS, MAX_ROWS)
        if self.wild is not None and parse_wild(self.wild) != self.wild:
            raise OptionError(f"wild must be written as {parse_wild(self.wild)}, not {self.wild!r}", "wild")
        for name in ("exact", "index"):
            if not isinstance(getattr(self, name), bool):
                raise OptionError(f"{name} must be true or false, not {getattr(self, name)!r}", name)
        if self.format not in FORMATS:
            raise OptionError(f"format must be {', '.join(FORMATS[:-1])} or {FORMATS[-1]}, not {self.format!r}", "format")
        if self.theme == THEME_AUTO and self.format != "svg":
            raise OptionError(f"theme {THEME_AUTO} is for SVG only (one file for light and dark pages); "
                              f"use {', '.join(_themes())} for {self.format}", "theme")
        for name in KINDS:
            text = getattr(self, name)
            if not isinstance(text, str):
                raise OptionError(f"{name} must be tile text like 3m, not {text!r}", name)
            if text:
                try:
                    tiles = read_indicators(text, name)
                except IndicatorError as err:
                    raise OptionError(err.message, name, err.position) from None
                object.__setattr__(self, name, Hand((Group("hand", tiles),)).canonical())
        if not isinstance(self.visible, str):
            raise OptionError(f"visible must be tile text like 4m4m1z, not {self.visible!r}", "visible")
        if self.visible:
            object.__setattr__(self, "visible", read_visible(self.visible))
        if not isinstance(self.score, str) or not _SCORE.fullmatch(self.score):
            raise OptionError(f"score must be the text of service.scoring.score_text, not {self.score!r}", "score")
        if self.layout == "efficiency":  # the table is the picture: no card, no strips beside it
            for name in ("score", *KINDS):
                if getattr(self, name):
                    raise OptionError(f"{name} is for hands; an acceptance table (layout=efficiency) has none",
                                      name)
        if self.dialect is not None:
            object.__setattr__(self, "dialect", parse_dialect(self.dialect))
        if self.lang not in LANGS:
            raise OptionError(f"lang must be one of {', '.join(LANGS)}, not {str(self.lang)!r}", "lang")
        if self.theme not in _themes() + (THEME_AUTO,):
            raise OptionError(f"theme must be one of {', '.join(_themes() + (THEME_AUTO,))}, not {self.theme!r}",
                              "theme")

    @classmethod
    def from_query(cls, params: Mapping[str, str], format: str = "png") -> RenderOptions:
        """Build from string parameters (``height scale theme bg gap layout row rows exact index dora ura
        lang wild dialect visible``); others are ignored."""
        kw: dict = {"format": format}
        for name in ("height", "scale", "gap", "row", "rows"):
            if params.get(name) not in (None, ""):
                kw[name] = _parse_int(name, params[name])
        if params.get("theme"):
            kw["theme"] = params["theme"]
        if params.get("layout"):
            kw["layout"] = params["layout"]
        if params.get("bg"):
            kw["background"] = parse_color(params["bg"])
        for name in ("exact", "index"):
            if params.get(name) not in (None, ""):
                kw[name] = _parse_bool(name, params[name])
        for name in (*KINDS, "lang", "visible"):
            if params.get(name):
                kw[name] = params[name]
        if params.get("wild"):
            kw["wild"] = parse_wild(params["wild"])
        if params.get("dialect"):
            kw["dialect"] = params["dialect"]
        return cls(**kw)

    def indicators(self, kind: str = "dora") -> tuple[Tile, ...]:
        """The ``dora`` (or ``ura``) indicators, in order; () when there are none."""
        text = getattr(self, kind)
        return read_indicators(text, kind) if text else ()

    def key(self) -> str:
        """A normalised string naming these options, for cache keys and file names.

        Only what changes the bytes: a river has rows and no gaps, a hand the opposite; ``index``
        (named only when on) draws other faces; ``lang``
        names the strips' labels and an SVG's ``<title>``, so a PNG without strips leaves it out
        (the same file in every language: only its alt text, which the file does not hold, differs).

        >>> RenderOptions(format="svg", lang="zh").key(), RenderOptions(lang="zh").key()
        ('h38-s1-light-bgnone-gauto-svg-zh', 'h38-s1-light-bgnone-gauto-png')
        """
        bg = "none" if self.background is None else "%02x%02x%02x%02x" % self.background
        if self.layout == "river":
            shape = f"river{self.row}"
        elif self.layout == "efficiency":  # a table, not the hand: its own bytes
            shape = f"efficiency{self.rows or 'all'}" + (f"-seen{self.visible}" if self.visible else "")
        else:
            shape = f"g{'auto' if self.gap is None else self.gap}"
        exact = "-exact" if self.exact else ""  # absent by default, so other keys stay as they were
        exact += "-index" if self.index else ""  # likewise: every face with an index is another face
        strips = "".join(f"-{k}{getattr(self, k)}" for k in KINDS if getattr(self, k))
        titled = self.format in VECTOR_FORMATS and self.lang != LANGS[0]  # an English title: as before titles had a language
        lang = f"-{self.lang}" if strips or titled or self.score else ""  # a score card's lines are in it too
        score = self.score and "-score" + "".join(f"-{part.replace('=', '')}" for part in self.score.split("&")
                                                   if part != "on")  # a card: its context is part of the bytes
        return f"h{self.height}-s{self.scale}-{self.theme}-bg{bg}-{shape}-{self.format}{exact}{strips}{lang}{score}"


def options_key(options: RenderOptions) -> str:
    """The key of a scene's `RenderOptions` for caches and file names: `RenderOptions.key`, plus the
    labels' language, which a hand's key names only with its strips or an SVG title, and a scene always
    has labels.
    Beside `RenderOptions.key`, where `/scene.*` (service.http) and scene files (service.pictures)
    both read it; hashed into the renderer version like the rest of this package, so a change
    here changes every key: caches and file names start afresh, never serving other bytes.

    >>> options_key(RenderOptions()), options_key(RenderOptions(lang="ja"))
    ('h38-s1-light-bgnone-gauto-png', 'h38-s1-light-bgnone-gauto-png-ja')
    """
    key = options.key()
    return key if options.lang == "en" or key.endswith(f"-{options.lang}") else f"{key}-{options.lang}"


class OptionRefused(Exception):
    """An `OptionError` met while argparse reads a command line (`option_type`). No ValueError,
    so argparse passes it on to the caller (the `tiles` command's one-line message) instead of
    printing its usage and a message of its own."""

    def __init__(self, err: OptionError):
        super().__init__(err.message)
        self.err = err


def option_type(name: str):
    """An argparse ``type`` for the option `name` (``--height``, ``--lang``, ``--format`` ...), read
    and checked as the HTTP query's is (`RenderOptions.from_query`): ``--height abc``, ``--height
    5000`` and ``--lang fr`` get the same kind of message, raised as `OptionRefused`.

    >>> option_type("height")("40"), option_type("lang")("ja"), option_type("format")("svg")
    (40, 'ja', 'svg')
    >>> option_type("height")("abc")
    Traceback (most recent call last):
    ...
    service.notation.options.OptionRefused: height must be a whole number from 16 to 256, not 'abc'
    """

    def read(text: str):
        try:
            if name == "format":
                return RenderOptions.from_query({}, format=text).format
            return getattr(RenderOptions.from_query({name: text}), name)
        except OptionError as err:
            raise OptionRefused(err) from None

    read.__name__ = name
    return read


def read_visible(text: str) -> str:
    """Tiles seen elsewhere (``visible=``: rivers, other melds, dora indicators) in one spelling: the
    suited and honour tiles in tile order, red fives kept; backs and bonus tiles count for no kind and
    are dropped. A notation error, a joker or ``?`` is an `OptionError` at its place in ``text``.

    >>> read_visible("1z4m 0p4m"), read_visible("x1f")
    ('44m0p1z', '')
    >>> read_visible("4m4q")
    Traceback (most recent call last):
    ...
    service.notation.options.OptionError: visible: 'q' is not a suit letter (use m, p, s or z)
    """
    from .grammar import ParseError, parse

    try:
        seen = parse(text)
    except ParseError as err:
        raise OptionError(f"visible: {err.message}", "visible", err.position, text) from None
    tiles = []
    for tile in seen.tiles:
        if tile.kind in (JOKER, ANY_TILE):
            code = "j" if tile.kind == JOKER else "?"
            raise OptionError(f"visible: a {'joker' if code == 'j' else 'any-tile'} {code} is no tile seen: "
                              f"visible tiles are real tiles", "visible", max(text.find(code), 0), text)
        if tile.suit and tile.suit in SUITS:  # m p s z: a back or a flower is no kind
            tiles.append(Tile(tile.kind))
    tiles.sort(key=lambda t: (SUITS.index(t.suit), int(t.code[0]) or 5.5))  # a red five after its fives
    return Group("hand", tuple(tiles)).canonical()


def parse_wild(text) -> str:
    """The kind whose tiles are wilds in the analysis (the laizi rule): one of the 34 kinds.

    >>> parse_wild("5Z"), parse_wild("0s")
    ('5z', '5s')
    >>> parse_wild("j")
    Traceback (most recent call last):
    ...
    service.notation.options.OptionError: wild must be one tile kind like 5z or 2m (a joker is always wild), not 'j'
    """
    code = str(text).lower()
    if not _WILD.fullmatch(code):
        raise OptionError(f"wild must be one tile kind like 5z or 2m (a joker is always wild), not {text!r}", "wild")
    return ("5" if code[0] == "0" else code[0]) + code[1]


def parse_dialect(text) -> str:
    """The dialect ``text`` names (an alias gives the tool it draws with); an `OptionError` naming
    the parameter and listing the dialects for anything else.

    >>> parse_dialect("handy-dora")
    'riichi-hand-rs'
    >>> parse_dialect("tenhou")
    Traceback (most recent call last):
    ...
    service.notation.options.OptionError: dialect must be one of riichi-hand-rs, mahgen, pymdownx-mahjong, mjimage, merjong, riichi-wiki, latex, riichinator (or chombo-gen, handy-dora), not 'tenhou'
    """
    try:
        return dialect_name(text if isinstance(text, str) else repr(text))
    except ValueError as err:
        raise OptionError(str(err), "dialect") from None


def _parse_bool(name: str, text: str) -> bool:
    """``1``/``true``/``yes`` or ``0``/``false``/``no`` (any case).

    >>> _parse_bool("exact", "TRUE"), _parse_bool("exact", "0")
    (True, False)
    """
    word = text.lower()
    if word in ("1", "true", "yes"):
        return True
    if word in ("0", "false", "no"):
        return False
    raise OptionError(f"{name} must be 1 or 0 (true or false), not {text!r}", name)


def _parse_int(name: str, text: str) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 4):
        raise OptionError(f"{name} must be a whole number{_RANGES[name]}, not {text!r}", name)
    return int(text)


_RANGES = {
    "height": f" from {MIN_HEIGHT} to {MAX_HEIGHT}",
    "scale": f" from {MIN_SCALE} to {MAX_SCALE}",
    "gap": f" from 0 to {MAX_GAP}",
    "row": f" from {MIN_ROW} to {MAX_ROW}",
    "rows": f" from {MIN_ROWS} to {MAX_ROWS}",
}


def _check_int(name: str, value, lo: int, hi: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise OptionError(f"{name} must be a whole number{_RANGES[name]}, not {str(value)!r}", name)


def parse_color(text: str) -> tuple[int, int, int, int] | None:
    """``fff``, ``#ffffff``, ``#ffffff80`` or ``transparent`` to RGBA (None for transparent).

    >>> parse_color("#0f08")
    (0, 255, 0, 136)
    """
    if text.lower() in ("transparent", "none"):
        return None
    m = _HEX.fullmatch(text)
    if not m:
        raise OptionError(f"bg must be a hex colour like fff or 1e1e1e, or 'transparent', not {text!r}", "bg")
    h = m.group(1)
    if len(h) <= 4:
        h = "".join(c * 2 for c in h)
    if len(h) == 6:
        h += "ff"
    return tuple(int(h[i : i + 2], 16) for i in range(0, 8, 2))  # type: ignore[return-value]
