"""`tiles lint --check-scores`: a caption (or the text after the tag on its line) that claims a
score must be what the hand scores, under the tag's rules and context.

The tag says the context as props, the names of `tiles score`'s options:
``<Tiles notation="..." riichi seat="S" dora="3m" rules="wrc" caption="Mangan · 8,000" />``;
a page may set it once in its front matter (``tiles: {rules: wrc}``, `page_context`), and a
tag's own props win.
A claim that is not the score is an error at its ``file:line:col``, saying what the hand
scores and why: the yaku with their han, the fu lines.

>>> from service.pictures.scan import scan_text
>>> from service.pictures.tag_props import read_tag
>>> tag = scan_text('<Tiles notation="234789m1234566p+6p" seat="S" caption="2 han 30 fu" />', "a.md")[0]
>>> [str(p) for p in check_scores(read_tag(tag))]
['a.md:1:56: the caption says 2 han 30 fu, but the hand scores 2 han 20 fu · 400-700 (Menzen tsumo 1, Pinfu 1; fu: base 20)']
"""

from __future__ import annotations

import logging

from service.notation.options import OptionError
from service.notation.subject import layout_of
from service.pictures.scan import EXPR, line_col
from service.pictures.tag_props import Problem, TagRead, problem_at
from service.scoring import OPTIONS, read_context, score_context
from service.scoring.claims import disagreement, find_claims
from service.scoring.text import total_line

from .page_context import KEY, page_context

_log = logging.getLogger("tiles.scoring")


def check_scores(read: TagRead) -> list[Problem]:
    """The tag's score claims checked against `service.scoring`; [] when it claims none."""
    tag, request = read.tag, read.request
    if request is None or layout_of(request.hand) != "hand":
        return []
    found = []  # (claim, where: a function of the claim giving its Problem)
    caption = tag.props.get("caption")
    if isinstance(caption, str):
        found += [(c, _in_caption(tag, c)) for c in find_claims(caption)]
    line_end = tag.text.find("\n", tag.end)
    after = tag.text[tag.end: len(tag.text) if line_end < 0 else line_end]
    found += [(c, _after_tag(tag, c)) for c in find_claims(after)]
    if not found:
        return []
    # the page's front matter tiles: {rules: wrc}, the tag's props winning; a tag that draws its card is
    # checked in the card's own context (its props), so that the caption and the card agree
    page = {} if request.options.score else page_context(tag.text)[0]
    given = {**page, **{name: tag.props[name] for name in OPTIONS if name in tag.props and tag.props[name] is not EXPR
                        and name not in ("dora", "ura")}}
    try:
        ctx = read_context({**given, "dora": request.options.dora, "ura": request.options.ura})
        score = score_context(request.hand, ctx)
    except OptionError as err:
        prop = err.param if err.param in tag.spans else "notation"
        whose = f" (the page's {KEY}: {err.param})" if err.param in page and err.param not in tag.props else ""
        return [problem_at(tag, f"cannot check the score: {err.message}{whose}", 0 if prop in tag.spans else None,
                           prop)]
    except Exception:  # noqa: BLE001 - a bug in the scoring: logged, and the claim is left unchecked
        _log.exception("scoring failed for %r", request.notation)
        return [problem_at(tag, "cannot check the score: the scoring failed (a bug in tiles; its traceback "
                                "is on stderr)", warning=True)]
    if "waits" in score:
        claim, at = found[0]
        return [at(f"{_said(claim)}, but the hand has no winning tile: it is tenpai, and each wait scores "
                   "its own (tiles score shows the table)", True)]
    problems = []
    for claim, at in found:
        words = disagreement(claim, score)
        if words is not None:
            problems.append(at(f"{_said(claim, words)}, but the hand scores {_scores(score)}", False))
    return problems


def _said(claim, words: str | None = None) -> str:
    return f"the caption says {words or claim.text}"


def _scores(score) -> str:
    """What the hand scores and why: ``2 han 20 fu · 400-700 (Menzen tsumo 1, Pinfu 1; fu: base 20)``."""
    if "fans" in score:
        why = ", ".join(f"{f['name']} {f['fan']}" + (f" x{f['count']}" if f["count"] > 1 else "")
                        for f in score["fans"])
        return f"{total_line(score) if 'error' not in score else score['error']} ({why})"
    if "han" not in score or "error" in score:
        return f"nothing: {score['error']}"
    yaku = ", ".join(f"{y['name']} {y['han']}" for y in score["yaku"])
    fu = " + ".join(f"{d['reason']} {d['fu']}" for d in score["fu_details"])
    why = "; ".join(part for part in (yaku, f"fu: {fu}" if fu else "") if part)
    return f"{total_line(score)} ({why})" if why else total_line(score)


def _in_caption(tag, claim):
    def at(message: str, warning: bool) -> Problem:
        return problem_at(tag, message, claim.start, "caption", warning)

    return at


def _after_tag(tag, claim):
    def at(message: str, warning: bool) -> Problem:
        line, col = line_col(tag.text, tag.end + claim.start)
        return Problem(tag.path, line, col, message, warning)

    return at
