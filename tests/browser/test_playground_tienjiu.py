"""The playground with Tienjiu tiles (issue 46 item 6), in headless Chromium: its example list
starts from a Pai Gow hand, and the analysis shows what the JSON view reads in it (the key, the
combinations, the best split and the house way), each hand drawn with its tiles' names.
"""

from __future__ import annotations

from urllib.parse import quote

from test_playground import base, browser, open_page, service_json, settled, wait_picture  # noqa: F401 (fixtures)

FOUR = "6612d5545d"


def test_the_tienjiu_example_shows_the_pai_gow_splits_of_the_json_view(open_page, base):
    page = open_page()
    page.get_by_role("button", name="Tienjiu tiles (Pai Gow)").click()
    shown = wait_picture(page, f"/tiles/{quote(FOUR, safe='')}.png")
    want = service_json(base, f"/tiles/{quote(FOUR, safe='')}.json")
    assert (shown["width"], shown["height"], shown["alt"]) == (want["width"], want["height"], want["description"])
    analysis = page.get_by_role("region", name="Analysis")
    analysis.locator("#tienjiu").wait_for()
    pg = want["analysis"]["tienjiu"]["pai_gow"]
    names = {t["code"]: t["name"] for t in want["groups"][0]["tiles"]}
    alts = analysis.locator(".paigow img").evaluate_all("(imgs) => imgs.map((i) => [i.alt, i.naturalWidth])")
    hands = [pg["best"]["high"], pg["best"]["low"], pg["house_way"]["high"], pg["house_way"]["low"]]
    assert [a for a, _ in alts] == [
        f"{side}{h['name']}, {h['points']} point{'' if h['points'] == 1 else 's'}: "
        + " ".join(names[c] for c in h["tiles"]) for side, h in zip(("High: ", "Low: ") * 2, hands)]
    assert all(w > 0 for _, w in alts)
    assert analysis.get_by_text(str(want["analysis"]["tienjiu"]["key"]), exact=False).is_visible()
    assert analysis.get_by_text("Shanten").count() == 0  # no mahjong reading of dominoes
    assert not page.errors


def test_two_tiles_show_their_pai_gow_hand_by_name(open_page, base):
    page = open_page("?n=1224d")
    settled(page)
    analysis = page.get_by_role("region", name="Analysis")
    analysis.locator("#tienjiu").wait_for()
    hand = service_json(base, "/tiles/1224d.json")["analysis"]["tienjiu"]["pai_gow"]
    assert hand["name"] == "Gee Joon"
    assert analysis.locator(".paigow img").get_attribute("alt") == \
        f"Gee Joon, {hand['points']} points: Gee Joon 2-4 (six) Gee Joon 1-2 (three)"  # the higher tile first
    assert not page.errors


def test_the_pai_gow_hand_is_named_in_the_pictures_language(open_page, base):
    page = open_page("?n=6645d&lang=zh")
    analysis = page.get_by_role("region", name="Analysis")
    analysis.locator("#tienjiu").wait_for()
    view = service_json(base, "/tiles/6645d.json?lang=zh")
    assert view["analysis"]["tienjiu"]["pai_gow"]["names"]["zh"] == "天王"
    assert analysis.locator(".paigow img").get_attribute("alt") == "天王, 1 point: 天牌 杂九 4-5"
    assert not page.errors
