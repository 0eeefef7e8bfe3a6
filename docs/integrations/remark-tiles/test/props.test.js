// One reading of a <Tiles> tag's props: what MDX hands the component (character
// references decoded, blockquote markers gone, {38.0} a number) and the height
// the component draws (and the dora/ura/lang, an acceptance table's rows/visible and the dialect it reads), against tests/fixtures/tag_props.json, which the Python
// reader (service/pictures/scan.py, service/pictures/tag_props.py) is tested against too.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { evaluate } from "@mdx-js/mdx";
import * as runtime from "react/jsx-runtime";
import { heightOk, indicatorOptions, tableOptions, tagDialect, tagHeight } from "../../../components/tileLayout.js";
import { scoreText } from "../../../components/scoreProps.js";

const FIXTURE = new URL("../../../../tests/fixtures/tag_props.json", import.meta.url);
const { cases } = JSON.parse(readFileSync(FIXTURE, "utf8"));

/** The props MDX passes to <Tiles> for a page holding one tag. */
async function propsOf(source) {
  const mod = await evaluate(source, { ...runtime });
  const seen = [];
  const walk = (el) => {
    if (Array.isArray(el)) return el.forEach(walk);
    if (!el || typeof el !== "object") return;
    if (el.type === Tiles) seen.push(el.props);
    walk(el.props?.children);
  };
  function Tiles() {
    return null;
  }
  walk(mod.default({ components: { Tiles } }));
  assert.equal(seen.length, 1, source);
  return seen[0];
}

for (const c of cases) {
  test(`props: ${c.name}`, async () => {
    const props = await propsOf(c.source);
    for (const [name, value] of Object.entries(c.props)) assert.deepEqual(props[name], value, name);
    const h = tagHeight(props);
    const indicators = indicatorOptions(props); // null: the service refuses the tag's dora, ura or lang
    const score = scoreText(props); // null: the service refuses the tag's score props
    const table = tableOptions(props); // null: it refuses the table's rows or visible tiles
    const dialect = tagDialect(props); // null: it refuses the dialect's name ("" for ours)
    assert.equal(heightOk(h) && indicators && score !== null && table && dialect !== null ? h : null, c.height);
    if ("indicators" in c) assert.deepEqual(indicators, c.indicators);
    if ("score" in c) assert.equal(score, c.score);
    if ("table" in c) assert.deepEqual(table, c.table);
    if ("dialect" in c) assert.equal(dialect, c.dialect);
  });
}
