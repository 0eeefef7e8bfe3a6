// A tag in another tool's notation (docs/coming-from.md): tagDialect() names its dialect as
// RenderOptions keeps it (service/pictures/tag_props.py tag_dialect), from the names tilesSpec.js
// carries (service/notation/dialects.py); tests/fixtures/tag_props.json holds both to its cases.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { SPEC, tagDialect } from "../tileLayout.js";

const FIXTURE = new URL("../../../tests/fixtures/tag_props.json", import.meta.url);
const { cases } = JSON.parse(readFileSync(FIXTURE, "utf8"));

test("each fixture case's dialect is the service's", () => {
  const named = cases.filter((c) => "dialect" in c);
  assert.ok(named.length >= 5);
  for (const c of named) assert.equal(tagDialect(c.props), c.dialect, c.name);
});

test("the tag's dialect wins over the site's; an empty or non-string prop is none", () => {
  assert.equal(tagDialect({ dialect: "merjong" }, "mahgen"), "merjong");
  assert.equal(tagDialect({}, "mahgen"), "mahgen");
  assert.equal(tagDialect({ dialect: "" }, "mahgen"), "mahgen");
  assert.equal(tagDialect({ dialect: true }, "mahgen"), "mahgen");
  assert.equal(tagDialect({}), "");
  assert.equal(tagDialect({ dialect: "" }), "");
});

test("every dialect and alias the service reads, and no other name", () => {
  for (const name of SPEC.dialects) assert.equal(tagDialect({ dialect: name }), name);
  assert.equal(tagDialect({ dialect: "chombo-gen" }), "riichi-hand-rs");
  assert.equal(tagDialect({ dialect: "handy-dora" }), "riichi-hand-rs");
  for (const name of ["tenhou", "MAHGEN", "toString", "constructor", " mahgen"]) {
    assert.equal(tagDialect({ dialect: name }), null, name);
  }
  assert.equal(tagDialect({}, "tenhou"), null);
});

test("the alt words of a tag in a dialect are in every language the spec lists", () => {
  assert.deepEqual(Object.keys(SPEC.dialectWords).sort(), [...SPEC.langs].sort());
});
