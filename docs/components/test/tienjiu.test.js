// Tienjiu tiles (suit d, issue 46): tileLayout.js reads two digits a tile in either order, sizes
// them as dominoes, names them in the tag's lang and counts their faces, as the service does.
// tests/fixtures/tienjiu_layouts.json is the table both sides are held to (tests/test_tienjiu_js.py).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { dominoWidth, parseTiles, tileLayout, tileWidth } from "../tileLayout.js";

const FIXTURE = new URL("../../../tests/fixtures/tienjiu_layouts.json", import.meta.url);
const { cases } = JSON.parse(readFileSync(FIXTURE, "utf8"));

test("every case of the shared table: size, alt text and faces, or null where the service refuses", () => {
  const got = cases.map((c) => tileLayout(c.notation, c.height, null, { lang: c.lang }));
  assert.deepEqual(got, cases.map((c) => c.layout));
  assert.ok(cases.length > 30);
});

test("two digits a tile, either order; a domino is narrower than a mahjong tile", () => {
  const [a] = parseTiles("21d")[0].tiles;
  const [b] = parseTiles("12d")[0].tiles;
  assert.deepEqual([a.number, a.half, a.suit], [1, 2, "d"]);
  assert.deepEqual(tileLayout("21d"), tileLayout("12d"));
  assert.ok(dominoWidth(38) < tileWidth(38));
  assert.equal(tileLayout("6612d").width, 2 * dominoWidth(38));
  assert.equal(b.half, 2);
});

test("a Tienjiu tile is no dora indicator", () => {
  assert.equal(tileLayout("123m", 38, null, { dora: "66d" }), null);
  assert.equal(tileLayout("123m", 38, null, { dora: "xd" }), null);
});
