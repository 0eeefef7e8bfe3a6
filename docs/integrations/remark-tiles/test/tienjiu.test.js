// Tienjiu tiles (suit d, issue 46) through remark-tiles and the real `tiles` CLI: an MDX page of
// dominoes builds, each picture with the alt text and size of tests/fixtures/tienjiu_layouts.json,
// the table the <Tiles> component and the Python docs stacks are held to.
import assert from "node:assert/strict";
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { after, test } from "node:test";
import { closeAll } from "../lib/batch.js";
import { html, page, site } from "./helpers.js";

after(closeAll);

const FIXTURE = new URL("../../../../tests/fixtures/tienjiu_layouts.json", import.meta.url);
const layout = (notation, lang) =>
  JSON.parse(readFileSync(FIXTURE, "utf8")).cases.find((c) => c.notation === notation && c.lang === lang && c.height === 38)
    .layout;

const imgs = (markup) =>
  [...markup.matchAll(/<img [^>]*>/g)].map(([tag]) =>
    Object.fromEntries(
      [...tag.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map(([, k, v]) => [k.toLowerCase(), v.replace(/&amp;/g, "&")]),
    ),
  );

test("an MDX page of dominoes: tags, a tag in Chinese and a fence, each with its alt text, size and files", async () => {
  const root = site("remark-tiles-tienjiu-");
  const shown = imgs(await html(page(root, "a.mdx", [
    "# Pai Gow",
    "",
    '<Tiles notation="6612d" />',
    "",
    'In a line: <Tiles notation="66d+-45d 21d" lang="zh" inline height={38} />.',
    "",
    "```tiles",
    "66d+-45d 21d",
    "```",
  ].join("\n"))));
  const want = [["6612d", "en"], ["66d+-45d 21d", "zh"], ["66d+-45d 21d", "en"]].map(([n, lang]) => layout(n, lang));
  assert.deepEqual(shown.map((img) => [img.alt, Number(img.width), Number(img.height)]),
    want.map((w) => [w.description, w.width, w.height]));
  for (const img of shown) {
    for (const candidate of img.srcset.split(", ")) {
      assert.ok(statSync(path.join(root, "public", "tiles", candidate.split(" ")[0].replace("/tiles/", ""))).size > 100);
    }
  }
});

test("a pair that is no Tienjiu tile fails the build at its place", async () => {
  const root = site("remark-tiles-tienjiu-");
  const file = page(root, "bad.mdx", '# Bad\n\n<Tiles notation="6677d" />\n');
  await assert.rejects(html(file), (err) => {
    assert.match(err.message, /bad\.mdx:3:20: 77d is no Tienjiu tile: a half goes from 1 to 6, not 7/);
    return true;
  });
});
