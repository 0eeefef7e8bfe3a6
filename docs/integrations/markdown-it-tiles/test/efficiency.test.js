// Acceptance tables through markdown-it-tiles: a tag's efficiency, rows and visible props and a tiles
// fence's options reach `tiles batch`, which draws the table and reads it out in the site's lang.
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import MarkdownIt from "markdown-it";
import tiles from "../index.js";
import { closeAll } from "../lib/sync.js";

after(closeAll);

function render(text, options = {}, name = "a.md") {
  const root = mkdtempSync(path.join(tmpdir(), "markdown-it-tiles-eff-"));
  const md = new MarkdownIt({ html: true }).use(tiles, { outDir: path.join(root, "public", "tiles"), ...options });
  const file = path.join(root, name);
  writeFileSync(file, text);
  return md.render(text, { path: file });
}

const imgs = (html) =>
  [...html.matchAll(/<img [^>]*>/g)].map(([tag]) =>
    Object.fromEntries([...tag.matchAll(/([a-z-]+)="([^"]*)"/g)].map(([, k, v]) => [k, v])));

const HAND = "123456789m12p355s"; // discard 3s: tenpai on 3p

test("a tag's and a fence's table: efficiency, rows and visible drawn and read out", () => {
  const [table, plain, fence] = imgs(render([
    `<Tiles notation="${HAND}" efficiency rows={2} visible="3p3p" />`,
    "",
    `<Tiles notation="${HAND}" />`,
    "",
    "```tiles efficiency rows=1 visible=3p",
    HAND,
    "```",
  ].join("\n")));
  assert.equal(table.alt, "Tile acceptance, shanten 0. Discard 3s: 1 kind, 2 tiles: 3p 2 (best). " +
    "Discard 1p: 9 kinds, 30 tiles: 1p 4 2p 3 3p 2 4p 4 1s 4 2s 4 3s 3 4s 4 5s 2.");
  assert.deepEqual([table.width, table.height], ["343", "95"]);
  assert.match(plain.alt, /^Hand: 1m 2m/);
  assert.equal(fence.alt, "Tile acceptance, shanten 0. Discard 3s: 1 kind, 3 tiles: 3p 3 (best).");
  assert.equal(new Set([table.src, plain.src, fence.src]).size, 3);
});

test("the site's lang reads the table out in it", () => {
  const [table] = imgs(render(`<Tiles notation="${HAND}" efficiency rows={1} visible="3p3p" />\n`, { lang: "zh" }));
  assert.equal(table.alt, "进张（听牌）。打三条：1种2张：三筒2张（最佳）。");
});

test("bad visible tiles fail the page at their place", () => {
  assert.throws(() => render(`<Tiles notation="${HAND}" efficiency visible="3p3q" />\n`, {}, "bad.md"),
    /bad\.md:1:60: visible: 'q' is not a suit letter/);
});
