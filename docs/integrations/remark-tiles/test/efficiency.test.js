// Acceptance tables (efficiency, rows, visible) through remark-tiles: a tag's and a fence's props
// reach `tiles batch` (the CLI) and the service's POST /batch alike, whose fetch URLs must ask for
// the table (layout=efficiency&rows=&visible=), not the plain hand. The alt text reads the table.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { after, test } from "node:test";
import { closeAll } from "../lib/batch.js";
import { html, page, site as newSite } from "./helpers.js";

const SERVICE = process.env.TILES_TEST_SERVICE;
const skip = SERVICE ? false : "set TILES_TEST_SERVICE to a tiles service on 127.0.0.1 (pytest does)";
const site = () => newSite("remark-tiles-eff-");

after(closeAll);

const imgs = (markup) =>
  [...markup.matchAll(/<img [^>]*>/g)].map(([tag]) =>
    Object.fromEntries([...tag.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map(([, k, v]) => [k.toLowerCase(), v])),
  );

const HAND = "123456789m12p355s"; // discard 3s: tenpai on 3p
const PAGE = [
  `<Tiles notation="${HAND}" efficiency rows={2} visible="3p3p" />`,
  "",
  `<Tiles notation="${HAND}" />`,
  "",
  "```tiles efficiency rows=1 visible=3p",
  HAND,
  "```",
].join("\n");

test("a tag's and a fence's table: efficiency, rows and visible drawn and read out", async () => {
  const [table, plain, fence] = imgs(await html(page(site(), "e.mdx", PAGE)));
  assert.equal(table.alt, "Tile acceptance, shanten 0. Discard 3s: 1 kind, 2 tiles: 3p 2 (best). " +
    "Discard 1p: 9 kinds, 30 tiles: 1p 4 2p 3 3p 2 4p 4 1s 4 2s 4 3s 3 4s 4 5s 2.");
  assert.deepEqual([table.width, table.height], ["343", "95"], "two rows of the table, as tiles batch measures it");
  assert.match(plain.alt, /^Hand: 1m 2m/);
  assert.equal(fence.alt, "Tile acceptance, shanten 0. Discard 3s: 1 kind, 3 tiles: 3p 3 (best).");
  assert.deepEqual([fence.width, fence.height], ["215", "43"]);
  assert.equal(new Set([table.src, plain.src, fence.src]).size, 3);
});

test("the site's lang reads the table out in it", async () => {
  const [table] = imgs(await html(page(site(), "j.mdx", `<Tiles notation="${HAND}" efficiency rows={1} visible="3p3p" />\n`),
    { lang: "ja" }));
  assert.equal(table.alt, "受け入れ（聴牌）。三索切り：1種2枚：三筒2枚（最善）。");
});

test("bad visible tiles fail the build at their place", async () => {
  const file = page(site(), "bad.mdx", `<Tiles notation="${HAND}" efficiency visible="3p3q" />\n`);
  await assert.rejects(html(file), /bad\.mdx:1:60: visible: 'q' is not a suit letter/);
});

test("the service path fetches the same tables as the CLI draws", { skip }, async () => {
  const files = (dir) => Object.fromEntries(readdirSync(dir).sort().map((f) => [f, readFileSync(path.join(dir, f))]));
  for (const options of [{}, { format: "svg" }]) {
    const [cli, svc] = [site(), site()];
    const viaCli = await html(page(cli, "a.mdx", PAGE), options);
    const viaService = await html(page(svc, "a.mdx", PAGE), { ...options, service: SERVICE, command: "no-tiles-cli-here" });
    assert.equal(viaService, viaCli, JSON.stringify(options));
    const [a, b] = [files(path.join(cli, "public", "tiles")), files(path.join(svc, "public", "tiles"))];
    assert.deepEqual(Object.keys(b), Object.keys(a));
    for (const name of Object.keys(a)) assert.ok(a[name].equals(b[name]), `${name}: the same bytes`);
  }
});
