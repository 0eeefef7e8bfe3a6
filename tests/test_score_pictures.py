"""Issue 43 item 6: the score card wherever a picture goes: URL options, `<Tiles score ...>` props
(tiles build, tiles batch), the alt text; each card its own cache key."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest
from PIL import Image

from service.layout.arrange import arrange
from service.notation.grammar import parse
from service.notation.options import RenderOptions

HAND = "234789m1234566p%2B6p"  # riichi, tsumo, pinfu: 3 han 20 fu


@pytest.fixture(scope="module")
def client():
    from service.http.app import create_app

    return create_app().test_client()


def size(data: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(data)) as img:
        return img.size


def test_a_url_with_score_draws_the_card_under_the_hand(client):
    plain = client.get(f"/tiles/{HAND}.png")
    card = client.get(f"/tiles/{HAND}.png?score=1&seat=S&riichi=1")
    assert card.status_code == 200, card.get_data(as_text=True)
    lay = arrange(parse("234789m1234566p+6p"), RenderOptions(score="seat=S&riichi=1"))
    assert size(card.data) == (lay.width, lay.height) and size(card.data)[1] > size(plain.data)[1]
    assert card.headers["ETag"] != plain.headers["ETag"]
    dealer = client.get(f"/tiles/{HAND}.png?score=1&riichi=1")  # another context: another card, another key
    assert dealer.headers["ETag"] != card.headers["ETag"]
    alike = client.get(f"/tiles/{HAND}.png?riichi=yes&seat=s&score=on")  # the same context written otherwise
    assert alike.headers["ETag"] == card.headers["ETag"] and alike.data == card.data
    assert client.get(f"/tiles/{HAND}.png?score=0&riichi=1").headers["ETag"] == plain.headers["ETag"]
    svg = client.get(f"/tiles/{HAND}.svg?score=1&seat=S&riichi=1&lang=ja").get_data(as_text=True)
    assert "点数：3翻20符 · 700-1,300</title>" in svg


def test_the_json_view_measures_the_card_as_the_image_does(client):
    view = client.get(f"/tiles/{HAND}.json?score=1&seat=S&riichi=1").json
    lay = arrange(parse("234789m1234566p+6p"), RenderOptions(score="seat=S&riichi=1"))
    assert (view["width"], view["height"]) == (lay.width, lay.height) and view["score"]["han"] == 3


@pytest.mark.parametrize("query, param", [("score=maybe", "score"), ("score=1&seat=X", "seat"),
                                          ("score=1&riichi=often", "riichi"), ("score=1&honba=-1", "honba"),
                                          ("score=1&kazoe=lots", "kazoe")])
def test_a_bad_score_value_is_a_400_naming_the_parameter(client, query, param):
    for fmt in ("png", "svg", "json"):
        r = client.get(f"/tiles/{HAND}.{fmt}?{query}")
        assert r.status_code == 400, (fmt, query)
        assert param in r.get_data(as_text=True)


def test_a_context_that_does_not_fit_the_hand_is_a_400_never_a_500(client):
    for fmt in ("png", "json"):
        r = client.get(f"/tiles/234789m1234566p%2B-6p.{fmt}?score=1&haitei=1")  # haitei on a ron
        assert r.status_code == 400 and "haitei is a win on a drawn tile" in r.get_data(as_text=True)
        r = client.get(f"/tiles/123m-4p.{fmt}?layout=river&score=1")
        assert r.status_code == 400 and "a river has no score" in r.get_data(as_text=True)


def test_the_score_option_is_part_of_the_key():
    plain, card = RenderOptions(), RenderOptions(score="seat=S&riichi=1")
    assert card.key() != plain.key() and card.key() != RenderOptions(score="riichi=1").key()
    assert RenderOptions(score="on", lang="ja").key() != RenderOptions(score="on").key()  # the card's language
    with pytest.raises(Exception, match="score"):
        RenderOptions(score="seat=S&riichi=1/../x")


def run_batch(out, requests) -> list[dict]:
    lines = "".join(json.dumps(r) + "\n" for r in requests)
    run = subprocess.run([sys.executable, "-m", "service.cli", "batch", "--out", str(out)],
                         input=lines, capture_output=True, text=True, timeout=120, check=True)
    return sorted((json.loads(line) for line in run.stdout.splitlines()[1:]), key=lambda a: a["id"])


def test_tiles_batch_sizes_and_names_a_tags_score_card(tmp_path):
    tags = ['<Tiles notation="234789m1234566p+6p" score riichi seat="S" />',
            '<Tiles notation="234789m1234566p+6p" riichi seat="S" />',  # no score prop: no card
            '<Tiles notation="234789m1234566p+6p" score riichi={true} honba={2} />',
            '<Tiles notation="234789m1234566p+6p" score seat="X" />']
    card, plain, dealer, bad = run_batch(tmp_path, [{"id": i, "path": "a.mdx", "line": 1, "column": 1, "source": s}
                                                    for i, s in enumerate(tags)])
    lay = arrange(parse("234789m1234566p+6p"), RenderOptions(score="seat=S&riichi=1"))
    assert (card["width"], card["height"]) == (lay.width, lay.height) and plain["height"] < card["height"]
    assert card["alt"].endswith("score: 3 han 20 fu · 700-1,300") and "score" not in plain["alt"]
    assert dealer["alt"].endswith("score: 3 han 20 fu · 1,300 all")
    assert card["images"][0]["src"] != dealer["images"][0]["src"] != plain["images"][0]["src"]
    with Image.open(tmp_path / card["images"][0]["src"]) as img:
        assert img.size == (lay.width, lay.height)
    assert bad["ok"] is False and "seat must be E, S, W or N" in bad["errors"][0]["message"]


def test_tiles_build_writes_each_card_under_its_own_manifest_key(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.mdx").write_text(
        '<Tiles notation="234789m1234566p+6p" score riichi seat="S" />\n'
        '<Tiles notation="234789m1234566p+6p" score riichi />\n<Tiles notation="234789m1234566p+6p" />\n')
    run = subprocess.run([sys.executable, "-m", "service.cli", "build", str(tmp_path / "docs"), "--out",
                          str(tmp_path / "out")], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    images = json.loads((tmp_path / "out" / "manifest.json").read_text())["images"]
    assert set(images) == {"234789m1234566p+6p?score=1&seat=S&riichi=1", "234789m1234566p+6p?score=1&riichi=1",
                           "234789m1234566p+6p"}
    assert images["234789m1234566p+6p?score=1&seat=S&riichi=1"]["alt"].endswith("· 700-1,300")
    assert images["234789m1234566p+6p"]["height"] < images["234789m1234566p+6p?score=1&riichi=1"]["height"]


def test_a_card_that_cannot_be_drawn_is_an_error_at_its_place_in_lint_build_and_batch(tmp_path):
    """Its context does not fit the hand (haitei on a ron), or the tag is a river: the tag's error, never
    a traceback or a broken build."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.mdx").write_text('<Tiles notation="234789m1234566p+-6p" score haitei />\n\n'
                                             '<Tiles river notation="123m" score />\n')
    for command in (["lint"], ["build", "--out", str(tmp_path / "out")]):
        run = subprocess.run([sys.executable, "-m", "service.cli", *command, str(tmp_path / "docs")],
                             capture_output=True, text=True, timeout=120)
        said = run.stdout + run.stderr
        assert run.returncode != 0 and "Traceback" not in said, said
        assert "a.mdx:1:18: haitei is a win on a drawn tile (tsumo)" in said
        assert "a.mdx:3:1: score is for hands; a river has no score" in said
    (answer,) = run_batch(tmp_path / "out", [{"id": 1, "path": "a.mdx", "line": 1, "column": 1,
                                              "source": '<Tiles notation="234789m1234566p+-6p" score haitei />'}])
    assert answer["ok"] is False and answer["errors"][0]["column"] == 18
