"""``score:`` in a problem card: the answer's value (the waits table after the discard, or a win's
score) drawn under the card, said in its alt text, every mistake at its field; in lint and build."""

from __future__ import annotations

import json
import subprocess
import sys
from urllib.parse import quote

import pytest

from service import score
from service.drawing.scene import scene_alt, scene_json
from service.layout.arrange import arrange_scene
from service.notation.fields import SceneError
from service.notation.options import RenderOptions
from service.notation.scene import read_scene
from service.scoring.card_words import total_text

# East 2, South seat, dora 2m (indicator 1m): discard White and the hand waits on 2p (a closed wait).
CARD = "problem: {round: E2, seat: S, dora: 1m, hand: 234789m13p789s5s5z+5s, answer: 5z, %s}"
AFTER = "234789m13p789s55s"  # the hand after the answer


def test_score_true_draws_the_waits_table_of_the_hand_after_the_answer():
    card = read_scene(CARD % "score: true")
    plain = arrange_scene(read_scene(CARD % "turn: 8"), RenderOptions())
    sl = arrange_scene(card, RenderOptions())
    waits = [t for t in sl.tiles if t.role == "wait"]
    assert [t.placement.tile.code for t in waits] == ["2p"]
    assert min(t.placement.y for t in waits) >= plain.layout.height and sl.layout.height > plain.layout.height
    expected = score(AFTER, seat="S", round="E", dora="1m")["waits"][0]
    texts = [lab.text for lab in sl.layout.labels]
    assert expected["ron"]["error"] == "no yaku" and expected["tsumo"]["points"] == {"tsumo": {"dealer": 1000, "others": 500}}
    assert texts[-2:] == ["Ron No yaku", "Tsumo 2 han 30 fu · 500-1,000"]  # dora is no yaku: a ron wins nothing
    assert scene_alt(card).endswith("; waits: 2p Ron No yaku, Tsumo 2 han 30 fu · 500-1,000")


def test_a_mapping_gives_the_context_and_the_card_gives_winds_dora_and_honba():
    card = read_scene(CARD.replace("round: E2", "round: S3, honba: 2") % "score: {riichi: true, ura: 4s}")
    expected = score(AFTER, riichi=True, ura="4s", round="S", seat="S", dora="1m", honba=2)
    alt = scene_alt(card)
    ron = expected["waits"][0]["ron"]
    assert ron["honba"] == 2 and "Ura dora" in [y["name"] for y in ron["yaku"]]
    assert ron["limit"] == "mangan" and f"Ron {total_text(ron, 'en')}, Tsumo " in alt
    view = scene_json(card, RenderOptions(height=40))
    assert [t["code"] for t in view["tiles"] if t["role"] == "wait"] == ["2p"] and view["alt"] == alt


def test_a_hand_that_wins_with_its_drawn_tile_gets_that_tsumos_score():
    card = read_scene("problem: {round: S1, seat: E, dora: 3p, hand: 234789m1235666p+4p, answer: 6p, score: true}")
    sl = arrange_scene(card, RenderOptions(lang="ja"))
    texts = [lab.text for lab in sl.layout.labels]
    assert "3翻20符 · 1,300オール" in texts and "平和 1翻" in texts
    assert scene_alt(card, "ja").endswith("点数：3翻20符 · 1,300オール")
    assert not [t for t in sl.tiles if t.role == "wait"]


def test_score_false_draws_no_card():
    assert read_scene(CARD % "score: false").score is None
    assert arrange_scene(read_scene(CARD % "score: no"), RenderOptions()).layout.height == \
        arrange_scene(read_scene(CARD % "turn: 3"), RenderOptions()).layout.height


@pytest.mark.parametrize("field, where, words", [
    ("score: maybe", "1:89: problem.score", "score is true, false or a mapping"),
    ("score: [1, 2]", "1:89: problem.score", "a mapping of the score's options"),
    ("score: {seat: E}", "1:90: problem.score.seat", "seat is the card's own: write it as problem.seat"),
    ("score: {dora: 3m}", "1:90: problem.score.dora", "dora is the card's own"),
    ("score: {riichi: true, riichi: false}", "1:104: problem.score.riichi", "given twice"),
])
def test_a_bad_score_field_is_an_error_at_its_place_when_read(field, where, words):
    with pytest.raises(SceneError) as err:
        read_scene(CARD % field)
    assert str(err.value).startswith(where) and words in str(err.value), str(err.value)


@pytest.mark.parametrize("field, where, words", [
    ("score: {riichi: maybe}", "1:98: problem.score.riichi", "riichi must be on or off"),
    ("score: {kazoe: twice}", "1:97: problem.score.kazoe", "kazoe must be"),
    ("score: {tsumogiri: 1}", "1:101: problem.score.tsumogiri", "unknown score option 'tsumogiri'"),
    ("score: {rules: mcr, riichi: 1}", "1:110: problem.score.riichi", "an option of the riichi rules"),
    ("score: {renhou: 1}", "1:98: problem.score.renhou", "renhou is no yaku under rules=tenhou"),
])
def test_a_score_option_that_does_not_fit_is_an_error_at_the_option(field, where, words):
    card = read_scene(CARD % field)
    with pytest.raises(SceneError) as err:
        arrange_scene(card, RenderOptions())
    assert str(err.value).startswith(where) and words in str(err.value), str(err.value)


def test_score_needs_an_answer_that_leaves_the_hand_tenpai():
    with pytest.raises(SceneError, match="give the answer too"):
        read_scene("problem: {round: E1, seat: S, dora: 1m, hand: 234789m13p789s5s5z+5s, score: true}")
    card = read_scene(CARD.replace("answer: 5z", "answer: 7s") % "score: true")
    with pytest.raises(SceneError) as err:
        arrange_scene(card, RenderOptions())
    assert str(err.value).startswith("1:89: problem.score: after discarding 7s, not a win, nor tenpai (shanten 1)")


def test_the_service_draws_the_card_and_answers_a_bad_score_with_a_400(client):
    good = client.get("/scene.png?s=" + quote(CARD % "score: {riichi: true}"))
    assert good.status_code == 200 and good.mimetype == "image/png"
    view = client.get("/scene.json?s=" + quote(CARD % "score: {riichi: true}")).get_json()
    assert "waits: 2p Ron" in view["alt"]
    for field in ("score: {riichi: maybe}", "score: {renhou: 1}"):
        for fmt in ("png", "svg", "json"):
            r = client.get(f"/scene.{fmt}?s=" + quote(CARD % field))
            assert r.status_code == 400 and "problem.score" in r.get_json()["error"]["message"], r.get_data(True)


def cli(*args):
    return subprocess.run([sys.executable, "-m", "service.cli", *args], capture_output=True, text=True, timeout=300)


def test_lint_and_build_read_a_blocks_score(tmp_path):
    block = "```tiles-scene\nproblem:\n  round: E1\n  seat: S\n  dora: 1m\n  hand: 234789m13p789s5s5z+5s\n" \
            "  answer: 5z\n  score:\n    riichi: {}\n```\n\n"
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text(block.format("maybe") + block.format("yes"), encoding="utf-8")
    for command in (["lint"], ["build", "--out", str(tmp_path / "out"), "--jobs", "1"]):
        run = cli(*command, str(docs))
        said = run.stdout + run.stderr
        assert run.returncode != 0 and "Traceback" not in said, said
        assert "a.md:9:13: problem.score.riichi: riichi must be on or off" in said, said
    (docs / "a.md").write_text(block.format("yes"), encoding="utf-8")
    assert cli("lint", str(docs)).returncode == 0
    run = cli("build", str(docs), "--out", str(tmp_path / "out"), "--jobs", "1")
    assert run.returncode == 0, run.stdout + run.stderr
    images = json.loads((tmp_path / "out" / "manifest.json").read_text(encoding="utf-8"))["images"]
    (entry,) = [e for k, e in images.items() if k.startswith("scene:")]
    assert "waits: 2p Ron 2 han 40 fu · 2,600" in entry["alt"]


def test_tiles_scene_says_a_bad_score_at_its_field_in_one_line(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("problem:\n  round: E1\n  seat: S\n  dora: 1m\n  hand: 234789m13p789s5s5z+5s\n  answer: 5z\n"
                   "  score: {riichi: maybe}\n", encoding="utf-8")
    run = cli("scene", str(bad), "-o", str(tmp_path / "bad.png"))
    assert run.returncode == 2 and run.stderr.count("\n") == 1 and "Traceback" not in run.stderr
    assert run.stderr.startswith(f"{bad}:7:19: problem.score.riichi: riichi must be on or off")
    good = tmp_path / "good.yaml"
    good.write_text(bad.read_text(encoding="utf-8").replace("maybe", "yes"), encoding="utf-8")
    run = cli("scene", str(good), "--json")
    assert run.returncode == 0 and "waits: 2p Ron" in json.loads(run.stdout)["alt"]
