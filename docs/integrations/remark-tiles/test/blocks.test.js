// What remark-tiles draws from each snippet of tests/fixtures/docs_blocks.json, told by the errors it
// fails with (line:col: message): the same as `tiles lint`, `tiles build` and the Markdown extension
// report for it (tests/test_docs_blocks.py), so the tools see the same tags and ```tiles-scene blocks.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { after, test } from "node:test";
import { closeAll } from "../lib/batch.js";
import { html, page, site } from "./helpers.js";

const FIXTURE = new URL("../../../../tests/fixtures/docs_blocks.json", import.meta.url);
const { cases } = JSON.parse(readFileSync(FIXTURE, "utf8"));

after(closeAll);

for (const [n, c] of cases.entries()) {
  test(`blocks: ${c.name}`, async () => {
    const file = page(site("remark-tiles-blocks-"), `p${n}.mdx`, c.text);
    const rel = path.relative(process.cwd(), file.path);
    let reported = [];
    try {
      await html(file);
    } catch (err) {
      const mine = new RegExp(`^${rel.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:(\\d+:\\d+: .*)$`, "gm");
      reported = [...String(err.message).matchAll(mine)].map((m) => m[1]);
      assert.ok(reported.length, err.message);
    }
    assert.deepEqual(reported, c.errors);
  });
}
