"""Issue 44: an acceptance table's alt text in the reader's language (``lang``: en, ja, zh), as a score
card's lines are: "discard 9p: 6 kinds, 20 tiles" is "九筒切り：6種20枚" and "打九筒：6种20张", the
tiles named as the rest of the alt text names them."""

from __future__ import annotations

import pytest

from service.efficiency import efficiency
from service.layout.arrange import arranged_alt
from service.layout.efficiency_layout import ALT_WORDS, efficiency_alt, shanten_words
from service.notation.grammar import parse
from service.notation.options import RenderOptions

HAND = "123456789m12p355s"


def test_every_language_has_every_word():
    assert set(ALT_WORDS) == {"en", "ja", "zh"}
    for lang, words in ALT_WORDS.items():
        assert set(words) == set(ALT_WORDS["en"]), lang


@pytest.mark.parametrize("lang, first", [
    ("en", "Tile acceptance, shanten 0. Discard 3s: 1 kind, 4 tiles: 3p 4 (best). Discard 1p: 9 kinds, 32 tiles"),
    ("ja", "受け入れ（聴牌）。三索切り：1種4枚：三筒4枚（最善）。一筒切り：9種32枚：一筒4枚、二筒3枚"),
    ("zh", "进张（听牌）。打三条：1种4张：三筒4张（最佳）。打一筒：9种32张：一筒4张、二筒3张"),
])
def test_the_table_reads_out_in_each_language(lang, first):
    assert efficiency_alt(efficiency(HAND), 2, lang).startswith(first)
    assert arranged_alt(parse(HAND), RenderOptions(layout="efficiency", rows=2, lang=lang)).startswith(first)


def test_a_hand_that_draws_and_shanten_words():
    table = efficiency("123456789m12p35s")
    assert efficiency_alt(table, lang="ja") == "受け入れ（1向聴）。有効牌：6種20枚：一筒3枚、二筒3枚、三筒4枚、三索3枚、四索4枚、五索3枚。"
    assert efficiency_alt(table, lang="en").startswith("Tile acceptance, shanten 1. Draws: 6 kinds, 20 tiles: 1p 3")
    assert [shanten_words(s, "zh") for s in (-1, 0, 1, 3)] == ["和牌", "听牌", "1向听", "3向听"]
    complete = efficiency("123456789m123p55s")
    assert complete["shanten"] == -1 and efficiency_alt(complete, 1, "ja").startswith("受け入れ（和了形）。")


@pytest.fixture(scope="module")
def client():
    from service.http.app import create_app

    return create_app().test_client()


@pytest.mark.parametrize("lang", ["ja", "zh"])
def test_the_url_alt_and_svg_title_are_in_the_pictures_language(client, lang):
    view = client.get(f"/tiles/{HAND}.json?layout=efficiency&rows=2&lang={lang}").json
    said = efficiency_alt(efficiency(HAND), 2, lang)
    assert view["description"] == said
    svg = client.get(f"/tiles/{HAND}.svg?layout=efficiency&rows=2&lang={lang}")
    assert f"<title>{said}</title>" in svg.get_data(as_text=True)
    en = client.get(f"/tiles/{HAND}.svg?layout=efficiency&rows=2")
    assert en.headers["ETag"] != svg.headers["ETag"]  # the title is in the file: another key


def test_a_tags_lang_reads_its_table_out_in_tiles_batch():
    from service.pictures.batch import Batch

    answer, _ = Batch(None).ask({"id": 1, "path": "a.mdx", "line": 1, "column": 1,
                              "source": f'<Tiles notation="{HAND}" efficiency rows={{1}} lang="zh" />'})
    assert answer["alt"] == "进张（听牌）。打三条：1种4张：三筒4张（最佳）。", answer


def test_a_problem_cards_table_reads_out_in_the_cards_language():
    from service.drawing.scene import scene_alt
    from service.notation.scene import read_scene

    card = read_scene("problem: {round: E1, seat: S, dora: 3p, hand: 123456789m12p35s+5s, answer: efficiency}")
    said = scene_alt(card, "ja")
    assert said.endswith("。受け入れ（聴牌）。三索切り：1種3枚：三筒3枚（最善）。" + said.split("（最善）。", 1)[1])
    assert "Tile acceptance" not in said and "Tile acceptance, shanten 0." in scene_alt(card)
