"""The playground's efficiency panel, in headless Chromium: a hand with a table shows what each discard
accepts and how many are left, as the JSON view's ``?efficiency=1`` says; the Visible tiles control
takes them out of the counts (in the panel, the table picture's URL and the snippets), and bad visible
tiles are named at their control with their column.
"""

from __future__ import annotations

from urllib.parse import quote

from test_playground import SERVICE_SAYS_NO, base, browser, open_page, service_json, settled, wait_picture  # noqa: F401

from service.efficiency import efficiency

HAND = "123456789m12p355s"  # discard 3s: tenpai on 3p


def rows_shown(page) -> list[list[str]]:
    return page.locator("#efficiency tbody tr").evaluate_all(
        "(trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent.trim()))")


def type_visible(page, text: str) -> None:
    field = page.get_by_label("Visible tiles", exact=True)
    field.fill("")
    field.press_sequentially(text, delay=15)
    page.wait_for_function("""(text) => new URLSearchParams(document.getElementById("playground").dataset.shown || "")
        .get("visible") === text""", arg=text)
    settled(page)


def test_the_panel_shows_the_table_of_the_json_view_and_visible_tiles_change_it(open_page, base):
    page = open_page("?n=" + quote(HAND, safe=""))
    panel = page.get_by_role("region", name="Efficiency")
    panel.locator("#efficiency").wait_for()
    want = efficiency(HAND)["discards"]
    shown = rows_shown(page)
    assert [r[0] for r in shown] == [want[0]["tile"] + " (best)"] + [r["tile"] for r in want[1:]]
    assert shown[0][1:] == ["0", "3p×4", "1 kind, 4 tiles"]
    assert panel.locator("#efficiency tbody tr.best img").evaluate("(i) => i.naturalWidth > 0 && i.alt") == "3p×4"
    type_visible(page, "3p3p")
    assert rows_shown(page)[0][1:] == ["0", "3p×2", "1 kind, 2 tiles"]
    assert service_json(base, f"/tiles/{HAND}.json?efficiency=1&visible=3p3p")["efficiency"]["discards"][0]["tiles"] == 2
    assert not page.errors
    page = open_page(f"?n={HAND}&layout=efficiency&rows=2")  # two rows: a whole table at 2x is past the ceiling
    type_visible(page, "3p3p")
    drawn = wait_picture(page, "visible=3p3p")
    assert "layout=efficiency&rows=2&visible=3p3p" in drawn["src"]
    assert drawn["alt"].startswith("Tile acceptance, shanten 0. Discard 3s: 1 kind, 2 tiles: 3p 2 (best).")
    mdx = page.locator("#snippet-mdx").input_value()
    assert mdx == f'<Tiles notation="{HAND}" efficiency rows={{2}} visible="3p3p" />'
    assert ":visible: 3p3p" in page.locator("#snippet-rst").input_value()
    assert not page.errors


def test_a_hand_that_draws_shows_its_own_accepts_and_a_river_no_panel(open_page):
    page = open_page("?n=123456789m12p35s")
    page.locator("#efficiency").wait_for()
    assert rows_shown(page) == [["draws", "1", "1p×3 2p×3 3p×4 3s×3 4s×4 5s×3", "6 kinds, 20 tiles"]]
    page.get_by_label("Layout", exact=True).select_option("river")
    wait_picture(page, "layout=river")
    assert page.locator("#efficiency-panel").is_hidden()
    assert not page.errors


@SERVICE_SAYS_NO  # bad visible tiles, typed on purpose: the panel's JSON is a 400
def test_bad_visible_tiles_are_named_at_their_control_with_their_column(open_page):
    page = open_page("?n=" + quote(HAND, safe=""))
    page.locator("#efficiency").wait_for()
    type_visible(page, "3p3q")
    page.locator("#efficiency-error").wait_for()
    assert page.locator("#efficiency-error").text_content() == (
        "Visible tiles, column 4: 'q' is not a suit letter (use m, p, s or z)")
    assert page.locator("#visible").get_attribute("aria-invalid") == "true"
    type_visible(page, "3p")
    page.locator("#efficiency").wait_for()
    assert page.locator("#visible").get_attribute("aria-invalid") is None
