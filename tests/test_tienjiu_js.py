"""Tienjiu tiles on the JavaScript side (issue 46 item 6): the <Tiles> component's tileLayout.js
sizes, names and counts them as the service does.

tests/fixtures/tienjiu_layouts.json is the one table of cases: this module holds the Python side
to it, docs/components/test/tienjiu.test.js holds tileLayout.js to it, and a random differential
compares the two on notations the table does not name.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from test_docs_tools import node_layouts, python_layout  # tests/test_docs_tools.py

FIXTURE = Path(__file__).parent / "fixtures" / "tienjiu_layouts.json"
CASES = json.loads(FIXTURE.read_text(encoding="utf-8"))["cases"]


def test_the_table_is_what_the_service_draws():
    got = [python_layout(c["notation"], c["height"], {"lang": c["lang"]}) for c in CASES]
    assert [(c["notation"], g) for c, g in zip(CASES, got) if g != c["layout"]] == []
    assert sum(c["layout"] is None for c in CASES) >= 10  # the grammar's errors are in it too
    assert {c["lang"] for c in CASES} == {"en", "zh", "ja"}


def test_js_layout_matches_python_on_random_tienjiu_notations():
    rng = random.Random(46)
    cases = [("".join(rng.choice("0123456789123456dddxXmpz-=+ D") for _ in range(rng.randint(1, 16))),
              rng.choice((16, 24, 38, 64))) for _ in range(2000)]
    for _ in range(1500):  # valid-looking, so most cases reach the layout and the alt text
        segs = []
        for _ in range(rng.randint(1, 4)):
            seg = "".join(rng.choice(["", "", "", "-", "x"]) + rng.choice("123456") + rng.choice("123456")
                          for _ in range(rng.randint(1, 4)))
            segs.append(seg + "d" + rng.choice(["", "", "xd", "12m", "x", "+1f"]))
        cases.append((rng.choice(["+", " "]).join(segs), rng.choice((16, 24, 38, 41, 64))))
    cases = [(n, h, {"lang": rng.choice(("en", "ja", "zh"))}) for n, h in cases]
    cases += [(n, 38, {"dora": d}) for n in ("123m", "66d") for d in ("66d", "xd", "12d3m", "3m")]
    want = [python_layout(*c) for c in cases]
    assert [(c, g, w) for c, g, w in zip(cases, node_layouts(cases), want) if g != w] == []
    assert sum(w is not None and "Tienjiu" in w["description"] or w is not None and "天九" in w["description"]
               for w in want) > 1000


def test_a_river_refuses_tienjiu_tiles_in_js_as_in_python():
    from test_river import js_river_layouts, python_river  # tests/test_river.py

    cases = [(n, 38, 6) for n in ("12d", "123m66d", "66d", "12m3d", "-12d", "1*2d", "123m 45d", "xd", "123m")]
    want = [python_river(*c) for c in cases]
    assert want[:-1] == [None] * (len(cases) - 1) and want[-1] is not None
    assert js_river_layouts(cases) == want
