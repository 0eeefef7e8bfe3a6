"""A score as words: the one-line total a book prints, and the lines of `tiles score`.

>>> total_line({"han": 3, "fu": 20, "limit": None, "points": {"tsumo": {"dealer": 1300, "others": 700}}})
'3 han 20 fu · 700-1,300'
>>> total_line({"han": 5, "fu": 30, "limit": "mangan", "points": {"ron": 8000}})
'Mangan · 8,000'
>>> total_line({"han": 1, "fu": 30, "limit": None, "points": {"tsumo": {"all": 500}}})
'1 han 30 fu · 500 all'
"""

from __future__ import annotations

from typing import Any


def points_text(points: dict[str, Any]) -> str:
    """``7,700``, ``2,600 all`` (the dealer's tsumo), ``700-1,300`` (what the others pay, then the dealer)."""
    if "ron" in points:
        return f"{points['ron']:,}"
    tsumo = points["tsumo"]
    if "all" in tsumo:
        return f"{tsumo['all']:,} all"
    return f"{tsumo['others']:,}-{tsumo['dealer']:,}"


def total_line(score: dict[str, Any]) -> str:
    """The total as books write it; ``no yaku`` or the error for a hand with no score."""
    if "error" in score:
        return score["error"]
    if "fan" in score:  # Chinese Official
        return f"{score['fan']} fan"
    value = score["limit"].capitalize() if score["limit"] else f"{score['han']} han {score['fu']} fu"
    return f"{value} · {points_text(score['points'])}"


def score_lines(score: dict[str, Any]) -> list[str]:
    """`tiles score`'s text: the yaku, the fu lines, the total (with honba and sticks when there are some)."""
    if "waits" in score:
        rows = [f"{'wait':<6}{'ron':<34}tsumo"]
        rows += [f"{r['tile']:<6}{total_line(r['ron']):<34}{total_line(r['tsumo'])}" for r in score["waits"]]
        return rows
    if "fans" in score:
        width = max((len(f["name"]) for f in score["fans"]), default=0) + 2
        lines = [f"{f['name']:<{width}}{f['fan']} fan" + (f" x{f['count']}" if f["count"] > 1 else "")
                 for f in score["fans"]]
        return lines + [score.get("error", total_line(score))]
    if "han" not in score:
        return [score["error"]]
    width = max((len(y["name"]) for y in score["yaku"]), default=0) + 2
    lines = [f"{y['name']:<{width}}{y['han']} han" for y in score["yaku"]]
    for d in score["fu_details"]:
        where = "" if d["group"] is None else f" (group {d['group'] + 1})"
        lines.append(f"{d['fu']:>4} fu  {d['reason']}{where}")
    line = total_line(score)
    extras = [f"{n} {word}" for n, word in ((score.get("honba", 0), "honba"),
                                            (score.get("sticks", 0), "stick" if score.get("sticks") == 1 else "sticks")) if n]
    if extras and "error" not in score:
        line += f" (total {score['total']:,} with {' and '.join(extras)})"
    return lines + [line]
