"""Score claims in prose: what a caption says a hand is worth, and whether its score agrees.

A claim is a han and fu pair (``3 han 40 fu``, ``40 fu 3 han``, ``3翻40符``), a limit
(``mangan``, ``満貫`` ... ``yakuman``), points (``7700``, ``7,700``; a tsumo as
``2000-4000`` or ``1300 all``) or Chinese Official fan (``8 fan``). Each comes with
where it starts in the text.

>>> [(c.kind, c.value, c.start) for c in find_claims("Riichi tsumo: 3 han 40 fu, 1300-2600")]
[('han_fu', (3, 40), 14), ('tsumo', (1300, 2600), 27)]
>>> [c.value for c in find_claims("満貫 8,000 · 3翻40符")]
['mangan', 8000, (3, 40)]
>>> disagreement(find_claims("2 han 40 fu")[0], {"han": 3, "fu": 40, "limit": None, "points": {"ron": 5200}})
'2 han 40 fu'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

LIMITS = {"mangan": "mangan", "haneman": "haneman", "baiman": "baiman", "sanbaiman": "sanbaiman",
          "double yakuman": "double yakuman", "yakuman": "yakuman",
          "満貫": "mangan", "跳満": "haneman", "倍満": "baiman", "三倍満": "sanbaiman", "ダブル役満": "double yakuman",
          "役満": "yakuman"}
_NUMBER = r"(\d{1,3}(?:,\d{3})+|\d+)"
_PATTERNS = (
    ("han_fu", re.compile(rf"\b(\d+)\s*han\s+(\d+)\s*fu\b", re.I), lambda m: (int(m[1]), int(m[2]))),
    ("han_fu", re.compile(rf"\b(\d+)\s*fu\s+(\d+)\s*han\b", re.I), lambda m: (int(m[2]), int(m[1]))),
    ("han_fu", re.compile(r"(\d+)\s*[翻飜]\s*(\d+)\s*符"), lambda m: (int(m[1]), int(m[2]))),
    ("han_fu", re.compile(r"(\d+)\s*符\s*(\d+)\s*[翻飜]"), lambda m: (int(m[2]), int(m[1]))),
    ("fan", re.compile(r"\b(\d+)\s*fan\b", re.I), lambda m: int(m[1])),
    ("limit", re.compile("|".join(sorted(map(re.escape, LIMITS), key=len, reverse=True)), re.I),
     lambda m: LIMITS[m[0].lower()]),
    ("tsumo", re.compile(rf"(?<![\d,]){_NUMBER}\s*-\s*{_NUMBER}(?![\d,])"),
     lambda m: (_int(m[1]), _int(m[2]))),
    ("all", re.compile(rf"(?<![\d,]){_NUMBER}\s*all\b", re.I), lambda m: _int(m[1])),
    ("points", re.compile(rf"(?<![\d,\w]){_NUMBER}(?![\d,\w])"), lambda m: _int(m[1])),
)


@dataclass(frozen=True, slots=True)
class Claim:
    """One claim: its kind, its value, where it starts in the text and the words it was."""

    kind: str
    value: Any
    start: int
    text: str


def _int(text: str) -> int:
    return int(text.replace(",", ""))


def find_claims(text: str) -> list[Claim]:
    """Every claim in ``text``, in reading order; a number that is part of another claim is not one itself.

    Plain numbers claim points only as points are written: a multiple of 100, 300 or more.
    """
    taken: list[range] = []
    out = []
    for kind, pattern, value in _PATTERNS:
        for m in pattern.finditer(text):
            if any(m.start() in r or m.end() - 1 in r for r in taken):
                continue
            v = value(m)
            if kind == "points" and (v < 300 or v % 100):
                continue
            taken.append(range(m.start(), m.end()))
            out.append(Claim(kind, v, m.start(), m[0]))
    return sorted(out, key=lambda c: c.start)


def disagreement(claim: Claim, score: dict[str, Any]) -> str | None:
    """None when ``score`` (a win's JSON) is what the claim says; else the claim's words, to quote."""
    if claim.kind == "fan":
        ok = score.get("fan") == claim.value
    elif "han" not in score or "error" in score:
        ok = False
    elif claim.kind == "han_fu":
        ok = (score["han"], score["fu"]) == claim.value
    elif claim.kind == "limit":
        ok = score["limit"] == claim.value
    else:
        ok = claim.value in _point_values(claim.kind, score)
    return None if ok else claim.text


def _point_values(kind: str, score: dict[str, Any]) -> list[Any]:
    points = score["points"]
    if kind == "tsumo":
        t = points.get("tsumo", {})
        return [(t["others"], t["dealer"]), (t["dealer"], t["others"])] if "dealer" in t else []
    if kind == "all":
        return [points.get("tsumo", {}).get("all")]
    if "ron" in points:
        return [points["ron"], score["total"]]
    t = points["tsumo"]
    paid = 3 * t["all"] if "all" in t else t["dealer"] + 2 * t["others"]
    return [paid, score["total"]]
