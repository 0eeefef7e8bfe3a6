"""The `tiles` Python-Markdown extension and the page sprite (service/docs/markdown_ext.py, service/drawing/svg_page.py)."""

from __future__ import annotations

import logging
import re

import pytest

markdown = pytest.importorskip("markdown")

from service.docs.markdown_ext import TilesError  # noqa: E402
from service.notation.grammar import parse  # noqa: E402
from service.notation.options import RenderOptions  # noqa: E402
from service.drawing.svg import render_svg  # noqa: E402

PAGE = """# Hands

<Tiles notation="11222333s22m+-456m+4s" caption="Tsumo on 4s" />

Wait on <Tiles notation="14s" inline /> here.

```tiles
123m456p789s11z | All sequences
5-5=55p
```

```tiles river
1m9p*2z3s-5p8s
```

````md
```tiles
this is code
```
<Tiles notation="this is code too" />
````
"""


def convert(text: str, **config) -> str:
    return markdown.markdown(text, extensions=["tiles", "fenced_code"], extension_configs={"tiles": config})


def hrefs(html: str) -> list[str]:
    return re.findall(r'<use href="#([^"]+)"', html)


def test_tags_and_fences_become_inline_svgs_with_their_alt_text():
    html = convert(PAGE)
    labels = re.findall(r'<svg [^>]*role="img" aria-label="([^"]+)"', html)
    assert labels == ["Hand: 1s 1s 2s 2s 2s 3s 3s 3s 2m 2m; called meld: 4m (sideways) 5m 6m; winning tile: 4s",
                      "Hand: 1s 4s", "Hand: 1m 2m 3m 4p 5p 6p 7s 8s 9s East East",
                      "called meld: 5p 5p (sideways) 5p (sideways, added on top) 5p",
                      "River: 1m 9p South 3s, riichi on 5p, 8s; tsumogiri: South"]
    assert "<figcaption>Tsumo on 4s</figcaption>" in html and "<figcaption>All sequences</figcaption>" in html
    assert 'class="tiles tiles--inline"' in html and 'width="36" height="24"' in html
    assert "this is code\n" in html and "&lt;Tiles notation=&quot;this is code too&quot; /&gt;" in html
    assert html.count("aria-hidden=\"true\"") == 1  # one sprite


@pytest.mark.parametrize("forged", ["\x01tiles:0\x01", "\x01tiles:7\x01", "\x01tiles:0:0\x01"])
def test_page_text_cannot_forge_a_pictures_place(forged):
    """Issue 42 item 13: text that writes a mark as the extension writes them is text, not a picture."""
    html = convert(f"A {forged} b\n\n<Tiles notation=\"1m\" />\n")
    assert html.count('data-notation="1m"') == 1
    assert f"<p>A {forged} b</p>" in html


def test_a_tag_in_an_html_comment_is_not_drawn_and_lint_still_reads_it():
    """`<!-- <Tiles .../> -->` names a committed image in a plain .md file (tiles build --link-md):
    the page shows the comment as nothing, so nothing is drawn for it (and no typo in it stops the
    build); `tiles lint` and `tiles build` still read it."""
    from service.pictures.scan import scan_text

    page = ('<!-- <Tiles notation="123m" /> -->\n<img src="img/a.png" alt="a">\n\n'
            'Text <!-- <Tiles notation="4q" inline /> --> and `<!--` then <Tiles notation="5s" inline />.\n')
    html = convert(page)
    assert re.findall(r'aria-label="([^"]+)"', html) == ["Hand: 5s"]
    assert [t.notation for t in scan_text(page.replace("4q", "4p"))] == ["123m", "4p", "5s"]


def test_each_tile_is_drawn_once_per_page_and_every_use_resolves():
    html = convert(PAGE)
    ids = set(re.findall(r' id="([^"]+)"', html))
    assert set(hrefs(html)) <= ids
    symbols = re.findall(r'<symbol id="([^"]+)"', html)
    assert len(symbols) == len(set(symbols))
    # 20 distinct (tile, sideways) at 38 px in the page, plus 1s and 4s at the inline 24 px
    assert len(symbols) == 22
    assert html.count("<style>") == 2  # one per tile height, both inside the one sprite


def test_two_renders_on_one_page_never_clash():
    a, b = convert('<Tiles notation="123m" />'), convert('<Tiles notation="123p" />')
    ids_a, ids_b = set(re.findall(r' id="([^"]+)"', a)), set(re.findall(r' id="([^"]+)"', b))
    assert not ids_a & ids_b
    both = a + b  # e.g. an excerpt above the page: each render carries its own sprite
    assert set(hrefs(both)) <= ids_a | ids_b
    assert convert('<Tiles notation="123m" />') == a  # deterministic


def test_the_page_hand_places_the_standalone_svgs_tiles():
    hand = parse("11222333s22m+-456m+4s")
    page = convert('<Tiles notation="11222333s22m+-456m+4s" theme="light" />')
    alone = render_svg(hand, RenderOptions(format="svg")).decode()
    drawn_1x = alone.split('lo">', 1)[1]  # the standalone file also holds a 2x drawing, shown by #2x
    place = re.compile(r'<use href="#[^"]+" (x="[^"]+" y="[^"]+" width="[^"]+" height="[^"]+")')
    assert place.findall(page) == place.findall(drawn_1x)
    symbols = re.compile(r'<symbol id="[^"]+" (viewBox="[^"]+")')
    assert set(symbols.findall(page)) <= set(symbols.findall(alone))


def test_a_tags_theme_prop_draws_its_tiles_in_that_theme():
    """theme="dark" on a tag: its tiles are drawn in the dark colours, whatever the page's theme."""
    def colours(svg: str) -> set[str]:
        return set(re.findall(r"#[0-9a-f]{6}\b", svg))

    alone = {t: colours(render_svg(parse("1m5z"), RenderOptions(format="svg", theme=t)).decode()) for t in ("light", "dark")}
    for theme, other in (("light", "dark"), ("dark", "light")):
        page = colours(convert(f'<Tiles notation="1m5z" theme="{theme}" />'))
        assert alone[theme] <= page and not alone[other] <= page, theme


def test_theme_auto_colours_follow_a_selector_mode_through_css_variables():
    html = convert('<Tiles notation="1m" />', color_mode="material")
    assert "[data-md-color-scheme=slate]{--k" in html and "prefers-color-scheme" not in html
    assert re.search(r"\.k[0-9a-f]{8}[a-z]\{fill:var\(--k", html)
    assert "@media (prefers-color-scheme:dark)" in convert('<Tiles notation="1m" />')


@pytest.mark.parametrize("color_mode", ["media", "material"])
def test_format_png_is_drawn_inline_as_every_picture_is(color_mode):
    """A page that says format="png" (a tag) or format=png (a scene block), as MDX sites and MkDocs
    draw it, converts: the picture is inline SVG whatever its format (issue 37, the page-syntax table).
    theme="auto" with format="png" is still the error it is in every other stack."""
    page = ('<Tiles notation="14s" format="png" />\n\n<Tiles notation="5-5=55p" format="png" theme="dark" />\n\n'
            "```tiles-scene format=png height=30\nproblem: {round: E1, seat: S, dora: 3m, hand: 123456789m1234z+5z}\n```\n")
    html = convert(page, color_mode=color_mode)
    labels = re.findall(r'<svg [^>]*role="img" aria-label="([^"]+)"', html)
    assert labels[:2] == ["Hand: 1s 4s", "called meld: 5p 5p (sideways) 5p (sideways, added on top) 5p"]
    assert len(labels) == (3 if color_mode == "media" else 4)  # the scene: one SVG, or a light/dark pair
    assert "<img" not in html
    with pytest.raises(TilesError, match="theme auto is for SVG only"):
        convert('<Tiles notation="14s" format="png" theme="auto" />', color_mode=color_mode)


def test_a_typo_raises_with_file_line_col_and_a_caret():
    text = "# Page\n\nSome text\n\n<Tiles caption=\"typo\"\n  notation=\"123m456a\" />\n"
    with pytest.raises(TilesError) as err:
        convert(text, page="docs/bad.md")
    assert str(err.value) == ("docs/bad.md:6:20: 'a' is not a suit letter (use m, p, s or z)\n"
                              '    notation="123m456a" />\n' + " " * 21 + "^")


def test_a_typo_in_a_fence_names_its_line_and_column():
    with pytest.raises(TilesError, match=r"^page.md:4:7: 'q' is not a suit letter"):
        convert("Text\n\n```tiles\n  12m3q | caption\n```\n", page="page.md")


@pytest.mark.parametrize("newline", ["\r\n", "\r"])
def test_crlf_pages_close_their_fences_and_keep_their_positions(newline):
    html = convert(PAGE.replace("\n", newline))
    assert html == convert(PAGE)
    html = markdown.markdown(newline.join(["```tiles", "123m", "```", "", "After", ""]), extensions=["tiles"])
    assert html.count('aria-label="Hand: 1m 2m 3m"') == 1 and html.endswith("<p>After</p>")
    scene = newline.join(["```tiles-scene", "problem:", "  round: E1", "  seat: S", "  dora: 3m",
                          "  hand: 2345m067p34588s5z+4p", "  answer: 6s", "```", ""])
    with pytest.raises(TilesError, match=r"^page.md:9:11: problem.answer: 6s is not in the hand"):
        convert("Text" + newline + newline + scene, page="page.md")
    with pytest.raises(TilesError, match=r"^page.md:4:7: 'q' is not a suit letter"):
        convert(newline.join(["Text", "", "```tiles", "  12m3q | caption", "```", ""]), page="page.md")


def test_warn_mode_logs_and_shows_the_error_in_the_page(caplog):
    with caplog.at_level(logging.WARNING, logger="tiles.markdown"):
        html = convert('<Tiles notation="12q" /> and <Tiles notation="1m" />', on_error="warn")
    assert "&lt;markdown&gt;:1:20: &#x27;q&#x27; is not a suit letter" in html
    assert 'class="tiles-error"' in html and 'aria-label="Hand: 1m"' in html
    assert "<markdown>:1:20: 'q' is not a suit letter" in caplog.text


def test_bad_config_is_refused():
    with pytest.raises(ValueError, match="color_mode must be one of media, material, furo"):
        convert("x", color_mode="nope")


def test_headings_and_their_toc_entries_stay_clean():
    """toc runs every postprocessor on each heading: the sprite must not land in it (nor its CSS in an id)."""
    md = markdown.Markdown(extensions=["tiles", "toc"])
    html = md.convert("# Hands\n\n<Tiles notation=\"1m\" />\n\n## Waits on <Tiles notation=\"14s\" inline />\n")
    assert '<h1 id="hands">Hands</h1>' in html
    assert md.toc_tokens[0]["name"] == "Hands"
    assert "aria-hidden" not in md.toc_tokens[0]["children"][0]["html"]
    assert html.count('aria-hidden="true"') == 1


def test_a_sprite_carries_only_the_definitions_its_tiles_need():
    """The sprite is cut from every tile written once: what other tiles need stays out."""
    for theme in ("light", "auto"):
        page = convert('<Tiles notation="1m" />', theme=theme)
        alone = render_svg(parse("1m"), RenderOptions(format="svg", theme=theme)).decode()
        assert page.count("<symbol") == 1 and page.count("<path id=") == alone.count("<path id=")
        assert len(page) < len(alone) + 1200  # the style rules of the other tiles, the wrapper, the hand


def test_the_sprite_holds_a_2x_drawing_that_a_resolution_query_shows():
    """Each symbol: the 1x drawing and the 2x one (halved into the same viewBox); the style
    shows the 2x one on 2x screens. A hand tuned for one scale keeps one drawing."""
    from service.drawing.svg_page import PageSprite

    page = convert('<Tiles notation="1m2z" />')
    symbols = re.findall(r"<symbol [^>]*>(.*?)</symbol>", page)
    assert len(symbols) == 2
    for body in symbols:
        assert re.fullmatch(r'<g class="k[0-9a-f]{8}d1">.*</g><g class="k[0-9a-f]{8}d2" transform="scale\(\.5\)">.*</g>',
                            body)
    assert re.search(r"\.k[0-9a-f]{8}d2\{display:none\}@media \(min-resolution:2dppx\)", page)
    sprite = PageSprite()
    tuned = sprite.finish(sprite.hand(parse("1m2z"), RenderOptions(format="svg", scale=2)))
    assert "d2" not in tuned and "min-resolution" not in tuned and tuned.count("<symbol") == 2


@pytest.mark.parametrize("theme", ["light", "auto"])
def test_a_caption_holding_a_sprite_mark_stays_text(theme):
    """Issue 42: a hand's references to its sprite were marked "\\x01<doc>." for the whole page, so a
    caption (or any page text) holding that text was rewritten into the sprite's scope; the marks
    now carry the page's key, which its text does not hold. A second page drawing the same tag (from
    the cache of drawn tags) still resolves its own marks."""
    themes = "light" if theme == "light" else "light-dark"
    forged = f"see \x0138-1-{themes}. and \x01:38-1-{themes}. here"
    tag = f'<Tiles notation="123m" caption="{forged}" />'
    for _ in range(2):  # the second conversion draws from the cache of drawn tags
        page = convert(tag, theme=theme)
        assert re.findall(r"<figcaption>(.*?)</figcaption>", page) == [forged]
        uses = re.findall(r'<use href="#([^"]+)"', page)
        assert any(re.fullmatch(r"k[0-9a-f]{8}t\dm", ref) for ref in uses), uses  # the hand's, resolved
        assert page.count("\x01") == forged.count("\x01")


def test_page_text_holding_a_sprite_mark_is_not_resolved():
    """`PageSprite.finish` resolves only its own page's marks: text that writes a mark stays text."""
    from service.drawing.svg_page import PageSprite

    sprite = PageSprite()
    hand = sprite.hand(parse("123m"), RenderOptions(format="svg", theme="light"))
    for forged in ("\x0138-1-light.", "\x01:38-1-light."):
        page = sprite.finish(f"<p>{forged}</p>" + hand)
        assert page.count(f"<p>{forged}</p>") == 1 and page.count("\x01") == forged.count("\x01")
