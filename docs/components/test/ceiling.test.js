// The cost ceiling as the <Tiles> component reads it (SPEC.maxFaces, from service/layout/limits.py
// through tilesSpec.js): densitiesFor in Tiles.jsx offers a density when the faces a layout shows are
// within maxFaces at its tile size. The table must never grow with the tile size, or a larger
// density would be drawn where a smaller one is refused (issue 35).
import assert from "node:assert/strict";
import { test } from "node:test";
import { SPEC, tileLayout } from "../tileLayout.js";

const maxFaces = (px) => SPEC.maxFaces[px - SPEC.minHeight];

test("the faces an image may show never grow with its tile size", () => {
  for (let px = SPEC.minHeight + 1; px <= SPEC.maxTilePx; px++) {
    assert.ok(maxFaces(px) <= maxFaces(px - 1), `${px - 1} px: ${maxFaces(px - 1)}, ${px} px: ${maxFaces(px)}`);
  }
});

test("a 14-tile hand with a call, 16 faces, fits at 38 px on every density", () => {
  const lay = tileLayout("123456789m1234p5z+-6z66z", 38);
  assert.equal(lay.faces, 16);
  for (const d of SPEC.densities) assert.ok(lay.faces <= maxFaces(38 * d), `${d}x`);
  assert.ok(maxFaces(114) >= 18); // every hand of up to 18 different faces at 3x
});
