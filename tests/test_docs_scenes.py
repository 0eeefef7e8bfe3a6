"""```` ```tiles-scene ```` blocks drawn into pages by the Python docs integrations (service/docs/scene_pictures.py)."""

from __future__ import annotations

import re

import pytest

markdown = pytest.importorskip("markdown")

from service.docs.markdown_ext import TilesError  # noqa: E402

CARD = "problem: {round: E1, seat: S, turn: 7, dora: 3m, hand: 2345m067p34588s5z+4p, answer: 5z}"
ALT = ("Problem: East 1 · South seat · Turn 7; dora indicator: 3m; Hand: 2m 3m 4m 5m 5p (red) 6p 7p 3s 4s 5s "
       "8s 8s White; drawn tile: 4p; Discard White")
PAGE = f"""# Problems

```tiles-scene
{CARD}
```

- In a list:

    ```{{tiles-scene}}
    problem:
      round: S2
      seat: W
      dora: 1z
      hand: 123456789m1234z+5z
    ```

````md
```tiles-scene
this stays code
```
````
"""
BAD = "# Page\n\nText\n\n  ```tiles-scene\n  problem:\n    round: E1\n    seat: S\n    dora: 3m\n" \
      "    hand: 2345m067p34588s5z+4p\n    answer: 6s\n  ```\n"


def convert(text: str, **config) -> str:
    return markdown.markdown(text, extensions=["tiles", "fenced_code"], extension_configs={"tiles": config})


def labels(html: str) -> list[str]:
    return [a.replace("&#x27;", "'") for a in re.findall(r'<svg role="img" aria-label="([^"]+)"', html)]


def test_markdown_draws_scene_fences_as_inline_svgs_with_their_alt_text():
    html = convert(PAGE)
    assert labels(html) == [ALT, "Problem: South 2 · West seat; dora indicator: East; Hand: 1m 2m 3m 4m 5m 6m 7m "
                                 "8m 9m East South West North; drawn tile: White"]
    assert 'class="tiles tiles-scene" style="display:block;max-width:100%;height:auto"' in html
    assert 'width="402" height="159"' in html
    assert "this stays code\n" in html
    assert "@media (prefers-color-scheme:dark)" in html  # theme auto, colour mode media: the SVG's own rules


def test_markdown_scene_pairs_under_a_selector_colour_mode():
    html = convert(PAGE, color_mode="material")
    assert html.count('class="tiles tiles-scene tiles--light"') == 2
    assert html.count('class="tiles tiles-scene tiles--dark"') == 2
    assert '<style>[data-md-color-scheme=slate] .tiles--light{display:none!important}' in html


def test_markdown_scene_error_names_file_line_col_and_field():
    with pytest.raises(TilesError) as err:
        convert(BAD, page="docs/bad.md")
    assert str(err.value).startswith("docs/bad.md:11:13: problem.answer: 6s is not in the hand")
    assert str(err.value).endswith("    answer: 6s\n" + " " * 14 + "^")
