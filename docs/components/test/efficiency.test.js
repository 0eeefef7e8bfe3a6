// An acceptance table's props in tileLayout.js (node:test, no dependencies): visible tiles spelled as
// service/notation/options.py read_visible spells them, rows checked as RenderOptions checks them.
import assert from "node:assert/strict";
import { test } from "node:test";
import { SPEC, readVisible, tableOptions } from "../tileLayout.js";

test("visible tiles: in tile order, upright, red fives after their fives, backs and flowers dropped", () => {
  assert.equal(readVisible("1z4m 0p4m"), "44m0p1z");
  assert.equal(readVisible("3p-3p"), "33p");
  assert.equal(readVisible("r5p5p"), "50p");
  assert.equal(readVisible("x 1f 3p"), "3p");
  assert.equal(readVisible(""), "");
  for (const bad of ["3pj", "1p?", "3q", 3]) assert.equal(readVisible(bad), null, String(bad));
});

test("rows: a whole number from minRows to maxRows, or none; river wins over efficiency", () => {
  assert.deepEqual(tableOptions({ efficiency: true, rows: "2", visible: "3p3p" }), { layout: "efficiency", rows: 2, visible: "33p" });
  assert.deepEqual(tableOptions({}), { layout: "hand", rows: null, visible: "" });
  assert.equal(tableOptions({ river: true, efficiency: true }).layout, "river");
  for (const rows of [0, SPEC.maxRows + 1, 1.5, "x"]) assert.equal(tableOptions({ efficiency: true, rows }), null, String(rows));
  assert.equal(tableOptions({ efficiency: true, rows: SPEC.maxRows }).rows, SPEC.maxRows);
});
