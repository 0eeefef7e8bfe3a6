// The alt text in the tag's lang (issue 39): tileLayout.js and riverLayout.js write it from the
// words tilesSpec.js carries (service/notation/words.py); tests/test_docs_tools.py and
// tests/test_river.py compare them with the Python side on many notations.
import assert from "node:assert/strict";
import { test } from "node:test";
import { SPEC, parseTiles, tileLayout, tileName } from "../tileLayout.js";
import { riverLayout } from "../riverLayout.js";

const alt = (notation, lang, extra = {}) => tileLayout(notation, 38, null, { lang, ...extra }).description;

test("tiles are named as players of the language write them", () => {
  const names = (lang) => parseTiles("19m0p5s1234567zj?x+1458f").flatMap((g) => g.tiles).map((t) => tileName(t, lang));
  assert.deepEqual(names("ja"), ["一萬", "九萬", "赤五筒", "五索", "東", "南", "西", "北", "白", "發", "中",
    "ジョーカー", "任意の牌", "伏せ牌", "梅", "竹", "春", "冬"]);
  assert.deepEqual(names("zh"), ["一万", "九万", "红五筒", "五条", "东", "南", "西", "北", "白板", "发财", "红中",
    "百搭", "任意牌", "牌背", "梅", "竹", "春", "冬"]);
  assert.deepEqual(names("en").slice(0, 5), ["1m", "9m", "5p (red)", "5s", "East"]);
});

test("group words: a call, a concealed kan, an added kan, a win off a discard", () => {
  assert.equal(alt("11s+-456m+x22xz+-5=55p+-4s", "ja"),
    "手牌：一索 一索；副露：四萬（横） 五萬 六萬；暗槓：伏せ牌 南 南 伏せ牌；副露：五筒（横） 五筒（加槓） 五筒；和了牌（ロン）：四索（横）");
  assert.equal(alt("11s+-456m+x22xz+-5=55p+-4s", "zh"),
    "手牌：一条 一条；副露：四万（横） 五万 六万；暗杠：牌背 南 南 牌背；副露：五筒（横） 五筒（加杠） 五筒；和牌（荣和）：四条（横）");
  assert.equal(alt("123m+1f", "zh"), "手牌：一万 二万 三万；花牌：梅");
});

test("dora and ura strips in the tag's lang; a bad lang is refused", () => {
  assert.equal(alt("1m", "zh", { dora: "4z", ura: "0s" }), "手牌：一万；宝牌指示牌：北；里宝牌指示牌：红五条");
  assert.equal(tileLayout("1m", 38, null, { lang: "fr" }), null);
  assert.equal(alt("1m", ""), "Hand: 1m"); // an empty prop is no prop
});

test("a river: riichi, tsumogiri, and the place of a discard whose name appears twice", () => {
  const river = (lang) => riverLayout("1m*2m 3z-*0p 9s*9s", 38, 6, { lang }).description;
  assert.equal(river("ja"), "捨て牌：一萬 二萬 西、赤五筒で立直、九索 九索；ツモ切り：二萬 赤五筒 九索（6打目）");
  assert.equal(river("zh"), "牌河：一万 二万 西，红五筒立直，九条 九条；摸切：二万 红五筒 九条（第6张）");
  assert.equal(river(undefined), "River: 1m 2m West, riichi on 5p (red), 9s 9s; tsumogiri: 2m 5p (red) 9s (6th discard)");
  assert.equal(riverLayout("0p*0p", 38, 6).description, "River: 5p (red) 5p (red); tsumogiri: 5p (red, 2nd discard)");
  assert.equal(riverLayout("1m", 38, 6, { lang: "kr" }), null);
});

test("every language the spec lists has the words", () => {
  assert.deepEqual(Object.keys(SPEC.altWords).sort(), [...SPEC.langs].sort());
});
