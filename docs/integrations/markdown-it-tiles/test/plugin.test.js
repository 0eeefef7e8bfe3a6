// Unit tests of markdown-it-tiles through markdown-it, against the real `tiles` CLI
// (on PATH, or TILES_COMMAND). Run: npm test (pytest runs it in `make test`).
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { after, afterEach, test } from "node:test";
import MarkdownIt from "markdown-it";
import tiles from "../index.js";
import { closeAll } from "../lib/sync.js";

after(closeAll);
afterEach(() => {
  delete globalThis.VITEPRESS_CONFIG;
});

/** A throwaway site: its folder and a markdown-it using the plugin there. */
function site(options = {}) {
  const root = mkdtempSync(path.join(tmpdir(), "markdown-it-tiles-"));
  const md = new MarkdownIt({ html: true }).use(tiles, { outDir: path.join(root, "public", "tiles"), ...options });
  return { root, md };
}

/** The page written into the site, rendered as VitePress renders it (env.path: its file). */
function render({ root, md }, text, name = "a.md", body = text) {
  const file = path.join(root, name);
  writeFileSync(file, text);
  return md.render(body, { path: file });
}

function error(fn) {
  try {
    fn();
  } catch (err) {
    return err.message;
  }
  assert.fail("it should have thrown");
}

const imgs = (html) =>
  [...html.matchAll(/<img [^>]*>/g)].map(([tag]) =>
    Object.fromEntries([...tag.matchAll(/([a-z-]+)="([^"]*)"/g)].map(([, k, v]) => [k, v.replace(/&amp;/g, "&")])));

test("tags become static images, block and inline, with every attribute and file", () => {
  const s = site();
  const html = render(s, [
    "# Hands",
    "",
    '<Tiles notation="11222333s22m+-456m+4s" caption="Tsumo on 4s" />',
    "",
    'Wait on <Tiles notation="14s" inline /> both sides.',
    "",
    "```md",
    '<Tiles notation="123a" />',
    "```",
    "",
    'In code: `<Tiles notation="123a" />`, escaped: \\<Tiles notation="1m" />.',
  ].join("\n"));
  const [block, inline, ...more] = imgs(html);
  assert.equal(more.length, 0, "code blocks, code spans and escaped tags stay text");
  assert.match(block.src, /^\/tiles\/[0-9a-f]{16}\.png$/);
  assert.deepEqual(block.srcset.split(", ").map((c) => c.split(" ")[1]), ["1x", "2x", "3x"]);
  assert.equal(block.width, "420");
  assert.equal(block.height, "38");
  assert.equal(block.alt, "Hand: 1s 1s 2s 2s 2s 3s 3s 3s 2m 2m; called meld: 4m (sideways) 5m 6m; winning tile: 4s");
  assert.equal(block["data-notation"], "11222333s22m+-456m+4s");
  assert.match(html, /<figure class="tiles-figure" style="margin:1em 0"><img [^>]*><figcaption>Tsumo on 4s<\/figcaption><\/figure>/);
  assert.doesNotMatch(html, /<p><figure/);
  assert.match(html, /<p>Wait on <img [^>]*> both sides.<\/p>/);
  assert.equal(inline.class, "tiles tiles--inline");
  assert.equal(inline.height, "24");
  for (const img of [block, inline]) {
    for (const candidate of img.srcset.split(", ")) {
      const name = candidate.split(" ")[0].replace("/tiles/", "");
      assert.ok(statSync(path.join(s.root, "public", "tiles", name)).size > 100, name);
    }
  }
});

test("score: every context prop reaches the card, renhou and its rules included", () => {
  const html = render(site(), [
    '<Tiles notation="234789m13p789s55s+-2p" score renhou seat="W" rules="wrc" />',
    "",
    '```tiles score renhou seat="N" rules="ema"',
    "234789m13p789s55s+-2p",
    "```",
  ].join("\n"));
  const [tag, fence] = imgs(html);
  assert.match(tag.alt, /; score: Mangan · 8,000$/);
  assert.match(fence.alt, /; score: Mangan · 8,000$/);
});

test("a tag alone in its paragraph, over lines of a blockquote, is a picture on its own", () => {
  const html = render(site(), "> <Tiles\n>   notation=\"5-5=55p\"\n>   caption=\"An added kan\" />\n");
  assert.match(html, /^<blockquote>\n<figure [^>]*><img [^>]*alt="called meld: [^"]*"[^>]*><figcaption>An added kan<\/figcaption><\/figure>\n<\/blockquote>/);
});

test("score: the score card under the hand, sized by tiles batch, the score in the alt text", () => {
  const html = render(site(), [
    '<Tiles notation="234789m1234566p+6p" score riichi seat="S" />',
    "",
    "```tiles score riichi",
    "234789m1234566p+6p",
    "```",
  ].join("\n"));
  const [tag, fence] = imgs(html);
  assert.match(tag.alt, /; score: 3 han 20 fu · 700-1,300$/);
  assert.match(fence.alt, /; score: 3 han 20 fu · 1,300 all$/);
  assert.deepEqual([tag.width, tag.height], ["401", "120"]);
  assert.notEqual(tag.src, fence.src);
});

test("a tiles fence: a picture a line, `| caption`, the fence's props", () => {
  const html = render(site(), [
    "```tiles",
    "123m456p789s11z | All sequences",
    "",
    "5-5=55p",
    "```",
    "",
    '```tiles river theme="dark"',
    "1m9p*2z3s-5p8s | Riichi on 5p",
    "```",
    "",
    '~~~{.tiles height="50"}',
    "14s",
    "~~~",
  ].join("\n"));
  const [one, two, river, tall] = imgs(html);
  assert.equal(imgs(html).length, 4);
  assert.equal(one.alt, "Hand: 1m 2m 3m 4p 5p 6p 7s 8s 9s East East");
  assert.match(html, /<figure [^>]*><img [^>]*><figcaption>All sequences<\/figcaption><\/figure>\n<img [^>]*data-notation="5-5=55p"/);
  assert.equal(two.class, "tiles");
  assert.equal(river.class, "tiles tiles--river");
  assert.match(river.alt, /^River: 1m 9p South 3s, riichi on 5p/);
  assert.equal(tall.height, "50");
  assert.doesNotMatch(html, /<pre|<code/);
});

test("a fence whose word runs on, MyST's {tiles} and an attribute list never closed are code", () => {
  // tests/fixtures/fence_words.json: as `tiles lint` and remark-tiles tell them (test/fence_words.test.js)
  const html = render(site(), ["```tiles-foo", "12q", "```", "", "```tiles.js", "12q", "```", "", "```{tiles} 123m",
    ":river:", "```", "", "```{.tiles river", "12q", "```", "", "```{.tiles river}", "1m", "```", ""].join("\n"));
  assert.equal((html.match(/<pre><code/g) || []).length, 4);
  assert.deepEqual(imgs(html).map((img) => [img["data-notation"], img.class]), [["1m", "tiles tiles--river"]]);
});

test("a tiles-scene block is its picture, with the fence's options", () => {
  const html = render(site(), [
    "- A card:",
    "",
    "  ```tiles-scene lang=ja height=30",
    "  problem: {round: E1, seat: S, turn: 7, dora: 3m, hand: 2345m067p34588s5z+4p, answer: 5z}",
    "  ```",
  ].join("\n"));
  const [scene] = imgs(html);
  assert.equal(scene.class, "tiles tiles-scene");
  assert.match(scene.alt, /^何切る：東1局/);  // lang=ja: the alt text in Japanese too
  assert.equal(scene["data-notation"], undefined);
  assert.ok(Number(scene.height) > 30);
});

test("a tiles-scene block with log: draws the record's moment, the record beside the page", () => {
  const where = site();
  mkdirSync(path.join(where.root, "games"));
  const record = new URL("../../../games/hard-cases.json", import.meta.url);
  writeFileSync(path.join(where.root, "games", "g.json"), readFileSync(record));
  const moment = ["log: games/g.json", "round: 1", "seat: 0", "turn: 2"];
  const [table] = imgs(render(where, ["# A game", "", "```tiles-scene", ...moment, "```", ""].join("\n")));
  assert.equal(table.class, "tiles tiles-scene");
  assert.match(table.alt, /^Table: East 1, 1 riichi stick, 66 tiles left in the wall; dora indicator: 1m; East \(dealer, 24000 points\)/);
  assert.ok(statSync(path.join(where.root, "public", "tiles", table.src.replace("/tiles/", ""))).size > 100);
  const message = error(() => render(where, ["# A game", "", "```tiles-scene", ...moment.slice(0, 3), "turn: 29", "```", ""]
    .join("\n"), "bad.md"));
  assert.match(message, /bad\.md:7:7: turn: seat 0 has no discard 29: it discards 2 times/);
});

test("a log: block's show: card and show: result draw the seat to move's card and the win's score card", () => {
  const where = site();
  mkdirSync(path.join(where.root, "games"));
  const record = new URL("../../../games/hard-cases.json", import.meta.url);
  writeFileSync(path.join(where.root, "games", "g.json"), readFileSync(record));
  const block = (...lines) => ["```tiles-scene", "log: games/g.json", "round: 1", ...lines, "```", ""];
  const [card, result] = imgs(render(where, ["# A game", "", ...block("start: true", "show: card"),
    ...block("show: result")].join("\n")));
  assert.match(card.alt, /^Problem: East 1 · East seat · Turn 1; dora indicator: 1m; .*drawn tile: White$/);
  assert.match(result.alt, /^Result: East 1 · South ron from East; .*Result: East 1 · West ron from East; /);
  assert.ok(Number(result.height) > Number(card.height));
  const message = error(() => render(where, ["# A game", "", ...block("show: cards")].join("\n"), "bad.md"));
  assert.match(message, /bad\.md:6:7: show: show is table, card /);
});

test("colorMode class: a light/dark pair and the CSS that shows one; media: a <picture>", () => {
  const page = '<Tiles notation="14s" />\n\n<Tiles notation="1m" theme="dark" />\n';
  const paired = render(site({ colorMode: "class" }), page);
  assert.match(paired, /^<style>\.dark \.tiles--light\{display:none!important\}:root:not\(\.dark\) \.tiles--dark\{display:none!important\}<\/style>\n/);
  assert.deepEqual(imgs(paired).map((i) => i.class), ["tiles tiles--light", "tiles tiles--dark", "tiles"]);
  const media = render(site({ colorMode: "media" }), page);
  assert.match(media, /^<picture><source media="\(prefers-color-scheme: dark\)" srcset="\/tiles\/[0-9a-f]{16}\.png 1x, [^"]*" width="56" height="38"><img [^>]*><\/picture>/);
  assert.doesNotMatch(media, /<style>/);
});

test("format svg: one file, its #2x drawing for 2x screens; a tag's own format wins", () => {
  const html = render(site({ format: "svg" }), '<Tiles notation="14s" />\n\n<Tiles notation="1m" format="png" />\n');
  const [svg, png] = imgs(html);
  assert.equal(svg.srcset, `${svg.src} 1x, ${svg.src}#2x 2x`);
  assert.match(svg.src, /\.svg$/);
  assert.match(png.src, /\.png$/);
});

test("a typo fails the render at file:line:col with a caret, every one listed, below the front matter", () => {
  const s = site();
  const text = [
    "---", "title: Typos", "---", "", // VitePress hands markdown-it the page without it
    'Wait on <Tiles notation="14q" inline />.',
    "",
    "<Tiles",
    '  notation="123m456a" />',
    "",
    '```tiles river theme="dusk"',
    "123m45z6 | a typo",
    "```",
  ].join("\n");
  const message = error(() => render(s, text, "bad.md", text.slice(text.indexOf("---", 3) + 4)));
  const shown = path.relative(process.cwd(), path.join(s.root, "bad.md"));
  assert.equal(message, [
    `${shown}:5:28: 'q' is not a suit letter (use m, p, s or z)`,
    '  Wait on <Tiles notation="14q" inline />.',
    "                             ^",
    `${shown}:8:20: 'a' is not a suit letter (use m, p, s or z)`,
    '    notation="123m456a" />',
    "                     ^",
    `${shown}:10:1: in the tiles fence: theme must be one of light, dark, print, contrast, auto, not 'dusk'`,  // once, at the fence, as tiles lint says
    '  ```tiles river theme="dusk"',
    "  ^",
  ].join("\n"));
});

test("onError warn: the error image, a warning, and the page renders", () => {
  const s = site({ onError: "warn" });
  const warned = [];
  const warn = console.warn;
  console.warn = (m) => warned.push(m);
  try {
    const html = render(s, '<Tiles notation="12q" />\n');
    const [img] = imgs(html);
    assert.match(img.alt, /^Invalid tile notation: 12q/);
    assert.ok(statSync(path.join(s.root, "public", "tiles", img.src.replace("/tiles/", ""))).size > 100);
  } finally {
    console.warn = warn;
  }
  assert.match(warned[0], /a\.md:1:20: warning: 'q' is not a suit letter/);
});

test("tagName: another element name is read under it", () => {
  const html = render(site({ tagName: "Hand" }), '<Hand notation="14s" />\n\n<Tiles notation="1m" />\n');
  assert.equal(imgs(html).length, 1);
  assert.equal(imgs(html)[0]["data-notation"], "14s");
});

test("lang: the site's language for the alt text of tags, fences and scenes without their own", () => {
  const html = render(site({ lang: "ja" }), [
    '<Tiles notation="123m" />', "", '<Tiles notation="5z" lang="zh" />', "", "```tiles", "14s", "```", "",
    "```tiles-scene", "problem: {round: E1, seat: S, dora: 3m, hand: 2345m067p34588s5z+4p}", "```",
  ].join("\n"));
  const alts = imgs(html).map((i) => i.alt);
  assert.deepEqual(alts.slice(0, 3), ["手牌：一萬 二萬 三萬", "手牌：白板", "手牌：一索 四索"]);
  assert.match(alts[3], /^何切る：東1局/);
  assert.match(error(() => site({ lang: 7 })), /lang must be a string/);
  assert.match(error(() => render(site({ lang: "fr" }), '<Tiles notation="1m" />\n')), /lang must be one of en, ja, zh/);
});

test("index: the site's corner indices on tags, fences and scenes without their own", () => {
  const page = [
    '<Tiles notation="123m" />', "", '<Tiles notation="5z" index={false} />', "", "```tiles", "14s", "```", "",
    "```tiles-scene", "problem: {round: E1, seat: S, dora: 3m, hand: 2345m067p34588s5z+4p}", "```", "",
    '<Tiles notation="4p" index />', "",
  ].join("\n");
  const plain = imgs(render(site(), page));
  const indexed = imgs(render(site({ index: true }), page));
  // 5z: its own index={false}; 4p: its own index, the same file with the site's or without
  assert.deepEqual(indexed.map((i, k) => i.src === plain[k].src), [false, true, false, false, true]);
  assert.notEqual(plain[4].src, imgs(render(site(), '<Tiles notation="4p" />\n'))[0].src);
  assert.deepEqual(indexed.map((i) => i.alt), plain.map((i) => i.alt));
  assert.match(error(() => site({ index: 1 })), /index must be true or false, not 1/);
});

test("dialect: the site's reads tags and fences without their own as that tool writes them", () => {
  const html = render(site({ dialect: "mahgen" }), [
    '<Tiles notation="1m|_123p" />', "", '<Tiles notation="123m_4*56p" dialect="riichi-hand-rs" />', "",
    "```tiles", "1m|_123p|66^6z | Chi and kan", "```", "",
  ].join("\n"));
  assert.deepEqual(imgs(html).map((i) => i.alt), [
    "Hand: 1m; called meld: 1p (sideways) 2p 3p",
    "Hand: 1m 2m 3m; called meld: 4p (sideways) 5p 6p",
    "Hand: 1m; called meld: 1p (sideways) 2p 3p; called meld: Green Green Green (sideways) Green (sideways, added on top)",
  ]);
  assert.match(html, /Chi and kan/);
  assert.match(error(() => site({ dialect: 3 })), /dialect must be a string like "mahgen", not 3/);
  assert.match(error(() => render(site({ dialect: "tenhou" }), '<Tiles notation="1m" />\n')),
    /dialect must be one of riichi-hand-rs, mahgen/);
});

test("VitePress: files in <srcDir>/public/tiles, linked as /tiles/ (Vite adds the base), .dark pairs", () => {
  const root = mkdtempSync(path.join(tmpdir(), "markdown-it-tiles-vp-"));
  mkdirSync(path.join(root, "docs"));
  globalThis.VITEPRESS_CONFIG = { srcDir: path.join(root, "docs"), site: { base: "/hands/" } };
  const md = new MarkdownIt({ html: true }).use(tiles);
  const html = md.render('<Tiles notation="14s" />\n', { path: path.join(root, "docs", "a.md") });
  const [light, dark] = imgs(html);
  assert.match(light.src, /^\/tiles\/[0-9a-f]{16}\.png$/);
  assert.deepEqual([light.class, dark.class], ["tiles tiles--light", "tiles tiles--dark"]);
  assert.match(html, /^<style>\.dark /);
  assert.ok(readdirSync(path.join(root, "docs", "public", "tiles")).includes(light.src.slice(7)));
});

test("every page of a build asks the one `tiles batch` it started", () => {
  const root = mkdtempSync(path.join(tmpdir(), "markdown-it-tiles-starts-"));
  const log = path.join(root, "starts.log");
  const command = ["sh", "-c", `echo started >> '${log}'; exec tiles "$@"`, "sh"];
  const s = site({ command });
  for (const n of ["1m", "2m", "1m"]) render(s, `<Tiles notation="${n}" />\n`, `${n}.md`);
  assert.equal(readFileSync(log, "utf8"), "started\n");
});

test("after a page's answers time out, each later page gets its own pictures, not that page's", () => {
  // `tiles batch` behind a relay that holds the answer to 7z until the next request comes: that page
  // gives up first, and its answer comes in just before the next page's
  const root = mkdtempSync(path.join(tmpdir(), "markdown-it-tiles-late-"));
  const relay = path.join(root, "relay.mjs");
  writeFileSync(relay, `import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
const child = spawn("tiles", process.argv.slice(2), { stdio: ["pipe", "pipe", "inherit"] });
const late = new Set();
let held = null;
createInterface({ input: process.stdin }).on("line", (line) => {
  const request = JSON.parse(line);
  if (request.source?.includes("7z")) late.add(request.id);
  else if (held) { process.stdout.write(held); held = null; }
  child.stdin.write(line + "\\n");
}).on("close", () => child.stdin.end());
createInterface({ input: child.stdout }).on("line", (line) => {
  if (late.has(JSON.parse(line).id)) held = line + "\\n";
  else process.stdout.write(line + "\\n");
});
`);
  const s = site({ command: [process.execPath, relay], timeout: 3000 });
  const shown = (html) => imgs(html).map((img) => img["data-notation"]);
  let first;
  for (let k = 0; k < 20 && !first; k++) { // `tiles batch` may take longer than 3 s to start here
    try {
      first = render(s, '<Tiles notation="1m" />\n', "1m.md");
    } catch (err) {
      assert.match(err.message, /no answer within 3000 ms/);
    }
  }
  assert.deepEqual(shown(first), ["1m"]);
  assert.match(error(() => render(s, '<Tiles notation="7z" />\n', "7z.md")), /no answer within 3000 ms/);
  assert.deepEqual(shown(render(s, '<Tiles notation="2m" />\n', "2m.md")), ["2m"]);
  assert.deepEqual(shown(render(s, '<Tiles notation="3m" />\n<Tiles notation="4m" />\n', "3m.md")), ["3m", "4m"]);
});

test("a missing CLI or one without fence lines stops the render, saying so", () => {
  const missing = error(() => render(site({ command: "no-such-tiles-cli" }), '<Tiles notation="1m" />\n'));
  assert.match(missing, /cannot run `no-such-tiles-cli`: it is not on PATH/);
  const root = mkdtempSync(path.join(tmpdir(), "markdown-it-tiles-old-"));
  const old = path.join(root, "old.mjs"); // a tiles batch of before fence lines: protocol 2, no "requests"
  writeFileSync(old, 'console.log(JSON.stringify({hello: {protocol: 2, spec: {}}})); process.stdin.resume();\n');
  const refused = error(() => render(site({ command: [process.execPath, old] }), '<Tiles notation="1m" />\n'));
  assert.match(refused, /speaks batch protocol 2 \(requests: tags, scenes\); markdown-it-tiles needs protocol 2 with fence lines/);
});

test("the markup remark-tiles writes for the same tags and scenes, in every colour mode", async (t) => {
  const remark = path.resolve(import.meta.dirname, "..", "..", "remark-tiles");
  const mods = path.join(remark, "node_modules");
  if (!existsSync(path.join(mods, "@mdx-js", "mdx"))) return t.skip("run `npm ci` in ../remark-tiles");
  const load = (p) => import(pathToFileURL(path.join(mods, p)).href);
  const [{ evaluate }, runtime, { createElement }, { renderToStaticMarkup }, { VFile }] = await Promise.all([
    load("@mdx-js/mdx/index.js"), load("react/jsx-runtime.js"), load("react/index.js"),
    load("react-dom/server.js"), load("vfile/index.js")]);
  const { default: remarkTiles } = await import(pathToFileURL(path.join(remark, "index.js")).href);
  const { closeAll: closeRemark } = await import(pathToFileURL(path.join(remark, "lib", "batch.js")).href);
  const page = [
    '<Tiles notation="11222333s22m+-456m+4s" caption="Tsumo on 4s" />', "",
    'Wait on <Tiles notation="14s" inline caption="both sides" />.', "",
    '<Tiles notation="1m9p*2z3s-5p8s" river theme="dark" />', "",
    "```tiles-scene lang=ja",
    "problem: {round: E1, seat: S, turn: 7, dora: 3m, hand: 2345m067p34588s5z+4p, answer: 5z}",
    "```", "",
  ].join("\n");
  const root = mkdtempSync(path.join(tmpdir(), "markdown-it-tiles-same-"));
  // React writes srcSet and self-closes; otherwise the two must be the same, text for text
  const same = (html) => html.replace(/<\/?p>|\n/g, "").replaceAll("srcSet=", "srcset=").replaceAll("/>", ">");
  const modes = ["class", "media", false];
  const options = (colorMode) => ({ colorMode, outDir: path.join(root, "tiles"), publicPath: "/t/" });
  const theirs = [];
  try {
    for (const colorMode of modes) {
      const file = new VFile({ path: path.join(root, "a.mdx"), value: page });
      const mdx = await evaluate(file, { ...runtime, remarkPlugins: [[remarkTiles, options(colorMode)]] });
      theirs.push(renderToStaticMarkup(createElement(mdx.default)));
    }
  } finally {
    const alive = setInterval(() => {}, 1000); // remark-tiles' close waits for a process it no longer refs
    await closeRemark();
    clearInterval(alive);
  }
  modes.forEach((colorMode, k) => {
    const ours = new MarkdownIt({ html: true }).use(tiles, options(colorMode)).render(page, { path: path.join(root, "a.md") });
    assert.equal(same(ours), same(theirs[k]), `colorMode ${colorMode}`);
  });
});

test("a build ends once its pages are rendered, and its `tiles batch` with it", async () => {
  const root = mkdtempSync(path.join(tmpdir(), "markdown-it-tiles-end-"));
  const pidFile = path.join(root, "pid");
  const command = ["sh", "-c", `echo $$ > '${pidFile}'; exec tiles "$@"`, "sh"];
  const script = `import MarkdownIt from ${JSON.stringify(pathToFileURL(path.resolve("node_modules/markdown-it/index.mjs")).href)};
import tiles from ${JSON.stringify(pathToFileURL(path.resolve("index.js")).href)};
new MarkdownIt().use(tiles, ${JSON.stringify({ outDir: path.join(root, "tiles"), command })}).render('<Tiles notation="1m" />\\n', {});`;
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", timeout: 60000 });
  assert.equal(run.status, 0, run.stderr); // no close() needed: node exits by itself
  const pid = Number(readFileSync(pidFile, "utf8"));
  const gone = () => { try { process.kill(pid, 0); return false; } catch { return true; } };
  for (let i = 0; i < 50 && !gone(); i++) await new Promise((r) => setTimeout(r, 100));
  assert.ok(gone(), `tiles batch (pid ${pid}) outlived the build`);
});

test("a tiles fence's props and a tiles-scene block's options take a value quoted or bare, alike", () => {
  const s = site();
  const scene = "problem: {round: E1, seat: S, dora: 3m, hand: 123456789m1234z+5z}";
  const page = (q) => [
    `\`\`\`tiles river theme=${q}dark${q} height=${q}50${q}`, "1m9p*2z3s-5p8s", "```", "",
    `\`\`\`tiles-scene theme=${q}dark${q} height=${q}30${q}`, scene, "```",
  ].join("\n");
  const bare = render(s, page(""));
  assert.equal(bare, render(s, page('"')));
  const [river, card] = imgs(bare);
  assert.equal(river.height, "50");
  assert.notEqual(river.src, imgs(render(s, "```tiles river height=50\n1m9p*2z3s-5p8s\n```"))[0].src); // dark, not light
  assert.ok(card.class.includes("tiles-scene"));
  const message = error(() => render(s, "```tiles height=9\n1m\n```\n", "bad.md"));
  assert.match(message, /bad\.md:1:1: in the tiles fence: height must be a whole number from 16 to 256, not '9'/);
});
