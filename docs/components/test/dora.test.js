// The dora/ura strips of <Tiles dora ura lang> in tileLayout.js and riverLayout.js (node:test,
// no dependencies). tests/test_docs_tools.py runs this file, and compares the same functions with
// the Python layout on many hands (test_js_layout_matches_python_with_dora_strips).
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  SPEC, canonicalSegment, indicatorOptions, indicatorProblem, readIndicators, tileLayout, tileWidth,
} from "../tileLayout.js";
import { riverLayout } from "../riverLayout.js";

const strip = (lang, kind, h) => Math.max(SPEC.doraSlots * tileWidth(h), SPEC.doraLabelWidths[lang][kind][h - SPEC.minHeight]) + tileWidth(h);

test("a hand with a dora strip: as service/layout/dora_layout.py's doctest places it", () => {
  assert.deepEqual(tileLayout("123m", 40, null, { dora: "4z" }), {
    width: 270, height: 57, description: "Hand: 1m 2m 3m; dora indicator: North", faces: 5,
  });
});

test("no indicators, no strip: the layout is the hand's (lang names its alt text's language only)", () => {
  for (const ind of [null, {}, { dora: "", ura: "" }, { lang: "en" }, { dora: undefined, lang: "" }]) {
    assert.deepEqual(tileLayout("11222333s22m+-456m+4s", 38, null, ind), tileLayout("11222333s22m+-456m+4s"));
  }
  const ja = tileLayout("11222333s22m+-456m+4s", 38, null, { lang: "ja" });
  assert.deepEqual({ ...ja, description: "" }, { ...tileLayout("11222333s22m+-456m+4s"), description: "" });
  assert.equal(ja.description, "手牌：一索 一索 二索 二索 二索 三索 三索 三索 二萬 二萬；副露：四萬（横） 五萬 六萬；和了牌：四索");
});

test("each strip is as wide as its five slots or its label, whichever is wider, plus a tile width", () => {
  for (const lang of SPEC.langs) {
    for (const h of [16, 24, 38, 256]) {
      const hand = tileLayout("1-1=11z", h); // a stacked kan: taller than one tile
      const lay = tileLayout("1-1=11z", h, null, { dora: "1m", ura: "2m", lang });
      assert.equal(lay.width, strip(lang, "dora", h) + strip(lang, "ura", h) + hand.width, `${lang} ${h}`);
      assert.equal(lay.height, SPEC.doraLabelBands[h - SPEC.minHeight] + hand.height);
    }
  }
  // at 16 px the English label is wider than its five tiles, the Japanese one is not
  const at16 = Object.fromEntries(SPEC.langs.map((l) => [l, tileLayout("1m", 16, null, { dora: "1m", lang: l }).width]));
  assert.ok(at16.en > at16.ja, JSON.stringify(at16));
  assert.equal(tileLayout("1m", 38, null, { dora: "1m", lang: "en" }).width, tileLayout("1m", 38, null, { dora: "1m", lang: "ja" }).width);
});

test("the alt text names the indicators, dora then ura, in the labels' language", () => {
  const lay = tileLayout("11s", 38, null, { ura: "9s", dora: "4z1m", lang: "zh" });
  assert.equal(lay.description, "手牌：一条 一条；宝牌指示牌：北 一万；里宝牌指示牌：九条");
  assert.equal(tileLayout("11s", 38, null, { ura: "9s", dora: "4z1m" }).description,
    "Hand: 1s 1s; dora indicator: North 1m; ura dora indicator: 9s");
  assert.equal(tileLayout("1m", 38, null, { dora: "0p" }).description, "Hand: 1m; dora indicator: 5p (red)");
  assert.equal(tileLayout("1m", 38, null, { dora: "0p", lang: "ja" }).description, "手牌：一萬；ドラ表示牌：赤五筒");
});

test("the strip's faces count for the densities: indicators and one back", () => {
  assert.equal(tileLayout("123m", 38, null, { dora: "1m" }).faces, 4); // 1m 2m 3m, and a back
  assert.equal(tileLayout("123m", 38, null, { dora: "12345s" }).faces, 8); // five indicators: no back
  assert.equal(tileLayout("123m", 38, null, { dora: "4z", ura: "5z" }).faces, 6);
});

test("a river hangs from the strips' top, with the same sizes", () => {
  const lay = riverLayout("123m-4p", 38, 6, { dora: "3m" });
  assert.deepEqual(lay, { width: 290, height: 53, description: "River: 1m 2m 3m, riichi on 4p; dora indicator: 3m", faces: 5 });
  assert.equal(riverLayout("123m-4p", 38, 6, { dora: "3m", lang: "de" }), null);
});

test("indicators are canonical, as RenderOptions keeps them", () => {
  assert.deepEqual(indicatorOptions({ dora: "R5p4Z", lang: "ja" }), { dora: "0p4z", ura: "", lang: "ja" });
  assert.deepEqual(indicatorOptions({ dora: " 1m2m ", ura: "0m0m" }), { dora: "12m", ura: "00m", lang: "en" });
  assert.equal(canonicalSegment(readIndicators(" 1m2M3m ")), "123m");
  assert.equal(canonicalSegment(readIndicators("R5p1P4Z")), "01p4z");
});

test("what the service refuses: null, and the reason for the alt text", () => {
  for (const [props, why] of [
    [{ dora: "3mx" }, "Invalid dora indicators 3mx"],
    [{ dora: "123456m" }, "Invalid dora indicators 123456m"],
    [{ dora: "1m+2m" }, "Invalid dora indicators 1m+2m"],
    [{ dora: "1m 2m" }, "Invalid dora indicators 1m 2m"],
    [{ dora: "-1m" }, "Invalid dora indicators -1m"],
    [{ dora: "3m", ura: "1f" }, "Invalid ura indicators 1f"],
    [{ dora: "   " }, "Invalid dora indicators    "],
    [{ dora: 3 }, "Invalid dora indicators 3"],
    [{ dora: "1mj" }, "Invalid dora indicators 1mj"], // a joker, any-tile or bonus tile shows no dora
    [{ ura: "?" }, "Invalid ura indicators ?"],
    [{ dora: "123m1f" }, "Invalid dora indicators 123m1f"],
    [{ lang: "fr" }, "Invalid lang fr"], // checked without strips too, as the service does
    [{ dora: "3m", lang: "EN" }, "Invalid lang EN"],
  ]) {
    assert.equal(indicatorOptions(props), null, JSON.stringify(props));
    assert.equal(indicatorProblem(props), why);
    assert.equal(tileLayout("123m", 38, null, props), null);
  }
  assert.equal(indicatorProblem({ dora: "3m", ura: "4p", lang: "ja" }), null);
});
