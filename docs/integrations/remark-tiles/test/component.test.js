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
const { default: Tiles, TilesProvider, manifestKey, tilesUrl } = await import(pathToFileURL(path.join(copy, "Tiles.js")).href);
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
  for (const c of cases.filter((x) => "manifest" in x && "table" in x)) {
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

// Another tool's notation (docs/coming-from.md): sent as &dialect=NAME, looked up under the key
// tiles build writes; the JS layouts read ours only, so from the service its size is the image's.
const BASE = "https://t.example";
const site = (settings, props) => {
  const html = renderToStaticMarkup(createElement(TilesProvider, settings, createElement(Tiles, props)));
  return Object.fromEntries([...html.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map(([, k, v]) => [k.toLowerCase(), v.replace(/&amp;/g, "&")]));
};

test("a tag in a dialect asks the service for it, with no size of its own and the text as its alt", () => {
  const a = img({ notation: "1m|_123p", dialect: "mahgen", base: BASE });
  assert.equal(a.src, `${BASE}/tiles/1m%7C_123p.png?height=38&scale=1&dialect=mahgen`);
  assert.equal(a.srcset.split(", ").length, 3, "every density a 38 px tile may have");
  assert.deepEqual([a.width, a.height], [undefined, undefined]);
  assert.equal(a.alt, "Tiles in mahgen notation: 1m|_123p");
  assert.equal(a["data-notation"], "1m|_123p");
  const alias = img({ notation: "123m_4*56p", dialect: "handy-dora", lang: "ja", base: BASE, height: 200 });
  assert.match(alias.src, /\?height=200&scale=1&lang=ja&dialect=riichi-hand-rs$/, "an alias is sent as its tool");
  assert.equal(alias.srcset.split(", ").length, 2, "a 200 px tile at 3x is past the service's ceiling");
  assert.equal(alias.alt, "riichi-hand-rs記法の牌：123m_4*56p");
  const ours = img({ notation: "1m+2m", dialect: "", base: BASE });
  assert.doesNotMatch(ours.src, /dialect/);
  assert.ok(ours.width > 0, "our notation is measured");
});

test("the provider's dialect is every tag's without its own", () => {
  const a = site({ base: BASE, dialect: "mahgen" }, { notation: "1m|_123p" });
  assert.match(a.src, /&dialect=mahgen$/);
  const own = site({ base: BASE, dialect: "mahgen" }, { notation: "23789p, t1w", dialect: "mjimage" });
  assert.match(own.src, /&dialect=mjimage$/);
  assert.equal(own.alt, "Tiles in mjimage notation: 23789p, t1w");
  const empty = site({ base: BASE, dialect: "mahgen" }, { notation: "1m|_123p", dialect: "" });
  assert.match(empty.src, /&dialect=mahgen$/, "an empty prop is no prop");
});

test("a refused dialect goes to the service as written, for its error image", () => {
  const a = img({ notation: "1m", dialect: "tenhou", base: BASE });
  assert.match(a.src, /&dialect=tenhou$/);
  assert.equal(a.alt, "Invalid dialect tenhou: 1m");
  assert.equal(img({ notation: "1m|2m", dialect: "mahgen", height: 9, base: BASE }).alt, "Invalid tile height 9: 1m|2m");
  assert.equal(img({ notation: "1m|2m", dialect: "mahgen", dora: "3mx", base: BASE }).alt, "Invalid dora indicators 3mx: 1m|2m");
});

test("a river, a score card and a table in a dialect", () => {
  const river = img({ notation: "1m2m3m", river: true, row: 8, dialect: "latex", base: BASE });
  assert.match(river.src, /&layout=river&row=8&dialect=latex$/);
  assert.equal(river.width, undefined);
  const card = img({ notation: "1m|_123p", dialect: "mahgen", score: true, riichi: true, base: BASE });
  assert.match(card.src, /&dialect=mahgen&score=1&riichi=1$/);
  const table = img({ notation: "123m456p789s1z|1z", dialect: "mahgen", efficiency: true, rows: 2, base: BASE });
  assert.match(table.src, /&layout=efficiency&rows=2&dialect=mahgen$/);
  assert.equal(table.alt, "Tile acceptance table of Tiles in mahgen notation: 123m456p789s1z|1z");
});

test("a manifest entry under the key tiles build writes for a dialect (tag_props.json) gives its picture", () => {
  const dialects = cases.filter((x) => "manifest" in x && "dialect" in x);
  assert.ok(dialects.length >= 3);
  for (const c of dialects) {
    const entry = { "1x": "/t/a.png", "2x": "/t/a@2x.png", width: 120, height: 43, alt: "Hand: 1m" };
    const a = img({ ...c.props, manifest: { images: { [c.manifest]: entry } } }); // the case's props are all the tag's
    assert.deepEqual([a.src, a.width, a.height, a.alt], ["/t/a.png", "120", "43", "Hand: 1m"], c.name);
  }
  const manifest = { images: { "1m|_123p?dialect=mahgen": { "1x": "a.png", width: 90, height: 38, alt: "x" } } };
  assert.equal(site({ manifest, assets: "/t/", dialect: "mahgen" }, { notation: "1m|_123p" }).src, "/t/a.png");
  assert.throws(() => site({ manifest }, { notation: "1m|_123p", dialect: "mahgen", height: 50 }),
    /no image "1m\|_123p\?height=50&dialect=mahgen" and no service base URL is set\. Run `tiles build` again/);
  assert.throws(() => site({ manifest }, { notation: "1m", dialect: "tenhou" }), /dialect is invalid/);
});
