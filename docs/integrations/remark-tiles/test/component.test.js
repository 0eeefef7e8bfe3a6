// The <Tiles> component (docs/components/Tiles.js) and acceptance tables: the service URL asks for
// layout=efficiency with rows and visible, the manifest key is the one `tiles build` writes
// (tests/fixtures/tag_props.json holds Python to the same keys), and a manifest entry gives the
// table's size and alt text. The component imports react, which this package has: its files are
// copied beside this package's node_modules for the test, as a bundler would resolve them.
import assert from "node:assert/strict";
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { after, test } from "node:test";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const COMPONENTS = path.join(HERE, "..", "..", "..", "components");
const copy = mkdtempSync(path.join(HERE, "..", ".component-"));
for (const f of readdirSync(COMPONENTS).filter((name) => name.endsWith(".js"))) { // every module it may import
  copyFileSync(path.join(COMPONENTS, f), path.join(copy, f));
}
after(() => rmSync(copy, { recursive: true, force: true }));
const { default: Tiles, manifestKey, tilesUrl } = await import(pathToFileURL(path.join(copy, "Tiles.js")).href);
const { tableOptions, indicatorOptions } = await import(pathToFileURL(path.join(copy, "tileLayout.js")).href);

const { cases } = JSON.parse(readFileSync(path.join(HERE, "..", "..", "..", "..", "tests", "fixtures", "tag_props.json"), "utf8"));
const HAND = "123456789m12p355s";
const img = (props) => {
  const html = renderToStaticMarkup(createElement(Tiles, props));
  return Object.fromEntries([...html.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map(([, k, v]) => [k.toLowerCase(), v.replace(/&amp;/g, "&")]));
};

test("the service URL asks for the table, its rows and its visible tiles", () => {
  assert.equal(tilesUrl("https://t.example", "1m", { efficiency: true, rows: 2, visible: "33p" }),
    "https://t.example/tiles/1m.png?height=38&scale=1&layout=efficiency&rows=2&visible=33p");
  const a = img({ notation: HAND, efficiency: true, rows: 2, visible: "3p 3p", base: "https://t.example" });
  assert.equal(a.src, `https://t.example/tiles/${HAND}.png?height=38&scale=1&layout=efficiency&rows=2&visible=33p`);
  assert.match(a.srcset, /&visible=33p&|visible=33p 1x/);
  assert.equal(a.width, undefined, "the table's size is the service's");
  assert.equal(a.alt, "Tile acceptance table of Hand: 1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3s 5s 5s");
  const ja = img({ notation: HAND, efficiency: true, lang: "ja", base: "https://t.example" });
  assert.match(ja.alt, /^受け入れ表（手牌：一萬/);
  assert.match(ja.src, /layout=efficiency&lang=ja$/);
  const plain = img({ notation: HAND, rows: 2, visible: "3p", base: "https://t.example" });
  assert.doesNotMatch(plain.src, /layout|rows|visible/, "no table, no table options");
});

test("bad rows or visible tiles go to the service as written, for its error image", () => {
  const a = img({ notation: HAND, efficiency: true, visible: "3pj", base: "https://t.example" });
  assert.match(a.src, /&layout=efficiency&visible=3pj$/);
  assert.match(a.alt, /^Invalid rows {2}or visible 3pj: /);
});

test("the manifest key is the one tiles build writes (tag_props.json)", () => {
  for (const c of cases.filter((x) => "manifest" in x)) {
    const props = { ...c.props, notation: HAND };
    const t = tableOptions(props);
    const key = manifestKey(HAND, Number(props.height ?? 38), "light", false, 6, "png",
      { ...indicatorOptions(props), lang: undefined, efficiency: true, rows: t.rows ?? undefined, visible: t.visible });
    assert.equal(key, c.manifest, c.name);
  }
});

test("a manifest's table entry gives its size and the table read out", () => {
  const key = `${HAND}?layout=efficiency&rows=1&visible=33p`;
  const alt = "Tile acceptance, shanten 0. Discard 3s: 1 kind, 2 tiles: 3p 2 (best).";
  const manifest = { images: { [key]: { "1x": "/t/a.png", "2x": "/t/a@2x.png", width: 215, height: 43, alt } } };
  const a = img({ notation: HAND, efficiency: true, rows: 1, visible: "3p3p", manifest });
  assert.deepEqual([a.src, a.width, a.height, a.alt], ["/t/a.png", "215", "43", alt]);
});
