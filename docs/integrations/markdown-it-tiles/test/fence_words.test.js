// Issue 42 items 7 and 8: lib/fence_words.js reads each info string of tests/fixtures/fence_words.json
// as tiles' Python does (tests/test_fence_words.py holds Python to the same table), and a long one
// in time that grows with its length.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { fenceWord } from "../lib/fence_words.js";

const TABLE = new URL("../../../../tests/fixtures/fence_words.json", import.meta.url);
const { cases } = JSON.parse(readFileSync(TABLE, "utf8"));

for (const c of cases) {
  test(`fence words: ${JSON.stringify(c.info)}`, () => {
    assert.deepEqual(fenceWord(c.info), c.opens);
  });
}

test("a million characters are read in time that grows with their length", () => {
  // a rule that backtracks takes 1e12 steps on these (`(.*?)\s*$` took 13.5 s on 40,000 spaces)
  const script = `import { fenceWord } from ${JSON.stringify(new URL("../lib/fence_words.js", import.meta.url).href)};
const n = 1000000;
const hostile = ["tiles x" + " ".repeat(n) + "x", "tiles-scene x" + " ".repeat(n) + "x", "{tiles" + " ".repeat(n) + "x",
  "{.tiles-scene" + " ".repeat(n) + "x", "tiles-scene {" + " ".repeat(n) + "x", " ".repeat(n) + "tiles",
  "tiles " + "{".repeat(n), "{" + " ".repeat(n), "tiles" + "\\t ".repeat(n) + "}"];
for (const info of hostile) fenceWord(info);
console.log("read", hostile.length);`;
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", timeout: 60000 });
  assert.equal(run.stdout.trim(), "read 9", run.stderr || `stopped: ${run.signal}`);
});
