"""``?efficiency=1`` on the JSON view: the hand's acceptance table under ``"efficiency"``.

``visible=3p3p1z`` (tiles seen elsewhere) and ``forms=standard`` as in `tiles efficiency`;
a hand the table cannot be made for is a 400 naming why and where.

>>> from service.http.app import create_app
>>> body = create_app().test_client().get("/tiles/123456789m12p35s.json?efficiency=1").json
>>> body["efficiency"]["kinds"], body["efficiency"]["tiles"]
(6, 20)
"""

from __future__ import annotations

from typing import Any, Mapping

from service.efficiency import FORMS, efficiency
from service.notation.grammar import ParseError
from service.notation.subject import layout_of

from .service import BadRequest

_YES, _NO = ("1", "true", "yes"), ("0", "false", "no", "")


def wanted(params: Mapping[str, str]) -> bool:
    """Whether the query asks for the table; a value that is no yes or no is a 400."""
    word = params.get("efficiency", "").lower()
    if word in _YES or word in _NO:
        return word in _YES
    raise BadRequest("option", f"efficiency must be 1 or 0 (true or false), not {params['efficiency'][:20]!r}",
                     param="efficiency")


def table_of(hand, params: Mapping[str, str]) -> dict[str, Any]:
    """The table of a parsed hand, or BadRequest (a river, jokers, a hand of the wrong size...)."""
    if layout_of(hand) != "hand":
        raise BadRequest("option", "efficiency: a river is no hand; draw it with layout=hand", param="efficiency")
    forms = params.get("forms") or "all"
    if forms not in FORMS:
        raise BadRequest("option", f"forms must be all or standard, not {forms[:20]!r}", param="forms")
    try:
        visible = params.get("visible", "")
        return efficiency(hand, visible, forms)
    except ParseError as err:
        bad = BadRequest.from_parse(err)
        if err.notation == visible and visible:
            bad.param = "visible"
        raise bad from None
