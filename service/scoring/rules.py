"""Rules presets and the context of a win: every option `score` takes, read and checked.

A preset is a row of rule options; any one of them can be given on its own to
override it (``rules="wrc", red_fives=True``). The context (winds, riichi, the
luck yaku, honba, sticks) is the same under every preset. Values come as Python
values or as the text of a URL or a command line (``"1"``, ``"on"``, ``"S"``);
a bad one is an `OptionError` naming the option.

>>> ctx = read_context({"rules": "wrc", "seat": "s", "riichi": "1"})
>>> ctx.rules, ctx.seat, ctx.riichi, ctx.rule.kiriage, ctx.rule.red_fives
('wrc', 'S', True, True, False)
>>> read_context({"kiriage": "maybe"})
Traceback (most recent call last):
...
service.notation.options.OptionError: kiriage must be on or off (1 or 0, true or false, yes or no), not 'maybe'
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Mapping

from service.notation.options import OptionError

WINDS = "ESWN"
KAZOE = ("yakuman", "sanbaiman", "multiple")  # 13 han or more: one yakuman, capped at sanbaiman, or 26 = double
RENHOU = ("none", "mangan", "yakuman")  # a non-dealer's ron before their first draw: no yaku, 5 han, a yakuman
NAGASHI = ("nagashi mangan is a payment at an exhaustive draw (a mangan tsumo's, for a river of terminals and "
           "honors none of which was called), not the score of a hand: there is no winning hand to score")


@dataclass(frozen=True, slots=True)
class Rule:
    """The rule options a preset sets, each overridable by name.

    ``open_tanyao``: tanyao counts in an open hand (kuitan). ``red_fives``: the
    three red fives are aka dora. ``kiriage``: 4 han 30 fu and 3 han 60 fu are
    mangan. ``kazoe``: what 13 han or more of ordinary yaku is (`KAZOE`).
    ``double_yakuman``: the four "double" patterns (13-sided kokushi, suuankou
    on a pair wait, junsei chuuren, daisuushii) count twice. ``double_wind_fu``:
    the fu of a pair that is both the seat and the round wind (4, or 2).
    ``renhou_value``: what renhou is (`RENHOU`): no yaku, a 5-han yaku that adds
    to the others (mangan alone), or a yakuman.
    """

    open_tanyao: bool = True
    red_fives: bool = True
    kiriage: bool = False
    kazoe: str = "yakuman"
    double_yakuman: bool = False
    double_wind_fu: int = 4
    renhou_value: str = "none"


# Each preset as its rule book writes it (docs/scoring.md says where each value comes from).
PRESETS: dict[str, Rule] = {
    "tenhou": Rule(),
    "mahjongsoul": Rule(double_yakuman=True),
    "wrc": Rule(red_fives=False, kiriage=True, kazoe="sanbaiman", renhou_value="mangan"),
    "ema": Rule(red_fives=False, kiriage=True, kazoe="sanbaiman", renhou_value="mangan"),
    "mleague": Rule(kiriage=True, kazoe="sanbaiman", double_wind_fu=2),
}
DEFAULT_RULES = "tenhou"
CHINESE = "mcr"  # Chinese Official: PyMahjongGB, the extra mahjong-tiles[mcr]
RULES = (*PRESETS, CHINESE)
RULE_OPTIONS = tuple(Rule.__dataclass_fields__)
# Context flags: a yaku of luck each, or riichi.
FLAGS = ("riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou", "renhou")
NUMBERS = ("honba", "sticks")
CHINESE_ONLY = ("last_tile", "wall_last", "kong")  # the 4th tile of its kind, the wall's last, on a kong
MAX_COUNT = 99  # honba and sticks past this are no game of mahjong
REFUSED = ("nagashi",)  # asked for by name, refused by name: not a hand's score
OPTIONS = ("rules", "round", "seat", *FLAGS, "dora", "ura", *NUMBERS, *RULE_OPTIONS, *CHINESE_ONLY, *REFUSED)


@dataclass(frozen=True, slots=True)
class Context:
    """How the hand was won, beyond its tiles: the rules, the winds, the flags, the sticks."""

    rules: str = DEFAULT_RULES
    rule: Rule = field(default_factory=Rule)
    round: str = "E"
    seat: str = "E"
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    dora: str = ""
    ura: str = ""
    honba: int = 0
    sticks: int = 0
    last_tile: bool = False
    wall_last: bool = False
    kong: bool = False
    given: frozenset[str] = frozenset()  # the option names given, for the rules that have no use for some

    @property
    def dealer(self) -> bool:
        """East is the dealer."""
        return self.seat == "E"

    def only(self, tsumo: bool) -> Context:
        """The context without the flags the other way of winning needs (a waits table's rows).

        >>> ctx = Context(haitei=True, houtei=True)
        >>> ctx.only(tsumo=True).houtei, ctx.only(tsumo=False).haitei
        (False, False)
        """
        if tsumo:
            return replace(self, houtei=False, chankan=False, renhou=False)
        return replace(self, haitei=False, rinshan=False, tenhou=False, chiihou=False)


def read_context(options: Mapping[str, Any]) -> Context:
    """A `Context` from option names (``double_riichi``; ``double-riichi`` too) and values.

    Unknown names are an error here (a URL's other options are picked out by `pick`).

    >>> read_context({"rules": "mleague", "double_wind_fu": "4"}).rule.double_wind_fu
    4
    >>> read_context({"round": "X"})
    Traceback (most recent call last):
    ...
    service.notation.options.OptionError: round must be E, S, W or N (the prevalent wind), not 'X'
    """
    given = {str(k).replace("-", "_"): v for k, v in options.items()
             if v is not None and not (k in ("dora", "ura") and v == "")}  # no indicators: not given
    unknown = [k for k in given if k not in OPTIONS]
    if unknown:
        raise OptionError(f"unknown score option {unknown[0]!r} (the options: "
                          f"{', '.join(o for o in OPTIONS if o not in REFUSED)})", unknown[0])
    for name in REFUSED:
        if name in given and read_bool(name, given[name]):
            raise OptionError(NAGASHI, name)
    rules = _rules(given.get("rules", DEFAULT_RULES))
    rule = PRESETS.get(rules, Rule())
    overrides = {name: _rule_value(name, given[name]) for name in RULE_OPTIONS if name in given}
    values: dict[str, Any] = {"rules": rules, "rule": replace(rule, **overrides), "given": frozenset(given)}
    for name in CHINESE_ONLY:
        if name in given:
            if rules != CHINESE:
                raise OptionError(f"{name} is a Chinese Official option: give rules=mcr with it", name)
            values[name] = read_bool(name, given[name])
    for name, what in (("round", "the prevalent wind"), ("seat", "the seat wind; E is the dealer")):
        if name in given:
            values[name] = _wind(name, given[name], what)
    for name in FLAGS:
        if name in given:
            values[name] = read_bool(name, given[name])
    for name in NUMBERS:
        if name in given:
            values[name] = _count(name, given[name])
    for name in ("dora", "ura"):
        if name in given:
            values[name] = _indicators(name, given[name])
    return Context(**values)


def pick(query: Mapping[str, str]) -> dict[str, str]:
    """The score options among a URL's query (``double-riichi`` read as ``double_riichi``).

    >>> pick({"score": "1", "seat": "S", "height": "38", "double-riichi": "1"})
    {'seat': 'S', 'double_riichi': '1'}
    """
    out = {}
    for key, value in query.items():
        name = key.replace("-", "_")
        if name in OPTIONS and name not in ("dora", "ura"):  # the picture's own dora/ura options carry those
            out[name] = value
    return out


def score_text(query: Mapping[str, Any]) -> str:
    """A picture's ``score`` option from a URL's query (or a tag's props): ``""`` for no card, else
    the context's options, checked and written one way (``on`` when none is given), so that one
    card has one cache key. The picture's own ``dora``/``ura`` options carry the indicators.

    >>> score_text({"score": "1", "riichi": "yes", "seat": "s", "height": "38"})
    'seat=S&riichi=1'
    >>> score_text({"score": "on"}), score_text({"score": "0", "riichi": "1"}), score_text({"seat": "S"})
    ('on', '', '')
    >>> score_text({"score": "1", "seat": "X"})
    Traceback (most recent call last):
    ...
    service.notation.options.OptionError: seat must be E, S, W or N (the seat wind; E is the dealer), not 'X'
    """
    if "score" not in query or not read_bool("score", query["score"]):
        return ""
    return context_text(read_context(pick(query)))


def context_text(ctx: Context) -> str:
    """The options given in ``ctx`` (its indicators aside) as `score_text` writes them; ``on`` for none.

    >>> context_text(read_context({"rules": "wrc", "honba": 2, "kiriage": False}))
    'rules=wrc&honba=2&kiriage=0'
    """
    parts = []
    for name in OPTIONS:
        if name in ctx.given and name not in ("dora", "ura", *REFUSED):
            value = getattr(ctx.rule if name in RULE_OPTIONS else ctx, name)
            parts.append(f"{name}={int(value) if isinstance(value, bool) else value}")
    return "&".join(parts) or "on"


def read_score_text(text: str, dora: str = "", ura: str = "") -> Context:
    """The `Context` of a picture's ``score`` option (`score_text`), with the picture's indicators.

    >>> read_score_text("seat=S&riichi=1", dora="3m").seat, read_score_text("on").riichi
    ('S', False)
    """
    given = dict(part.split("=", 1) for part in text.split("&")) if text != "on" else {}
    return read_context({**given, "dora": dora, "ura": ura})


def read_bool(name: str, value: Any) -> bool:
    """``True``/``False``, or the words ``1 0 true false yes no on off`` (any case).

    >>> read_bool("riichi", "ON"), read_bool("riichi", 0)
    (True, False)
    """
    if isinstance(value, bool):
        return value
    word = str(value).strip().lower()
    if word in ("1", "true", "yes", "on", ""):  # a bare URL flag (?riichi) says on
        return True
    if word in ("0", "false", "no", "off"):
        return False
    raise OptionError(f"{name} must be on or off (1 or 0, true or false, yes or no), not {value!r}", name)


def _rules(value: Any) -> str:
    name = str(value).strip().lower()
    if name not in RULES:
        raise OptionError(f"rules must be one of {', '.join(RULES)}, not {value!r}", "rules")
    return name


def _rule_value(name: str, value: Any) -> Any:
    if name == "kazoe":
        word = str(value).strip().lower()
        if word not in KAZOE:
            raise OptionError(f"kazoe must be {', '.join(KAZOE[:-1])} or {KAZOE[-1]}, not {value!r}", name)
        return word
    if name == "renhou_value":
        word = str(value).strip().lower()
        if word not in RENHOU:
            raise OptionError(f"renhou_value must be none, mangan or yakuman, not {value!r}", name)
        return word
    if name == "double_wind_fu":
        if str(value).strip() not in ("2", "4"):
            raise OptionError(f"double_wind_fu must be 2 or 4 (the fu of a pair of the seat and round wind), "
                              f"not {value!r}", name)
        return int(value)
    return read_bool(name, value)


def _wind(name: str, value: Any, what: str) -> str:
    word = str(value).strip().upper()
    if len(word) != 1 or word not in WINDS:
        raise OptionError(f"{name} must be E, S, W or N ({what}), not {value!r}", name)
    return word


def _count(name: str, value: Any) -> int:
    text = str(value).strip()
    if isinstance(value, bool) or not text.isdigit() or int(text) > MAX_COUNT:
        raise OptionError(f"{name} must be a whole number from 0 to {MAX_COUNT}, not {value!r}", name)
    return int(text)


def _indicators(name: str, value: Any) -> str:
    """Indicator text as the picture's ``dora``/``ura`` options read it (`read_indicators`)."""
    from service.notation.dora import IndicatorError, read_indicators

    text = str(value)
    if text:
        try:
            read_indicators(text, name)
        except IndicatorError as err:
            raise OptionError(err.message, name, err.position) from None
    return text
