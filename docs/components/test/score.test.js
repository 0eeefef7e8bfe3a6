// The score card's props (scoreProps.js): the context written one way, as the service writes it
// (service/scoring/rules.py score_text), against tests/fixtures/tag_props.json, which
// tests/test_docs_tools.py holds the Python reader to (node:test, no dependencies).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { scoreProps, scoreQuery, scoreText } from "../scoreProps.js";

const FIXTURE = new URL("../../../tests/fixtures/tag_props.json", import.meta.url);
const { cases } = JSON.parse(readFileSync(FIXTURE, "utf8"));

test("each fixture case's score option is the service's", () => {
  const scored = cases.filter((c) => "score" in c);
  assert.ok(scored.length >= 8);
  for (const c of scored) assert.equal(scoreText(c.props), c.score, c.name);
});

test("the query the component sends: score=1 and the context, or nothing without a card", () => {
  assert.equal(scoreQuery({ score: true, riichi: true, seat: "s" }), "score=1&seat=S&riichi=1");
  assert.equal(scoreQuery({ score: true }), "score=1");
  assert.equal(scoreQuery({ riichi: true, seat: "S" }), "");
  assert.equal(scoreQuery({ score: false, riichi: true }), "");
  assert.equal(scoreQuery({ score: "on", honba: 2, rules: "WRC", renhou: true, seat: "N" }),
    "score=1&rules=wrc&seat=N&renhou=1&honba=2");
});

test("props the service refuses are sent as written, for its error image to name the bad one", () => {
  assert.equal(scoreText({ score: true, seat: "X" }), null);
  assert.equal(scoreQuery({ score: true, seat: "X", riichi: true }), "score=1&seat=X&riichi=1");
  assert.equal(scoreQuery({ score: true, nagashi: true }), "score=1&nagashi=1");
  assert.equal(scoreText({ score: "maybe" }), null);
  assert.equal(scoreText({ score: true, honba: 100 }), null);
  assert.equal(scoreText({ score: true, kazoe: "twice" }), null);
});

test("dora and ura are the picture's own props, not the score's", () => {
  assert.deepEqual(scoreProps({ score: true, dora: "3m", ura: "4p", riichi: true }), [["score", "1"], ["riichi", "1"]]);
  assert.equal(scoreQuery({ score: true, dora: "3m", riichi: true }), "score=1&riichi=1");
});
