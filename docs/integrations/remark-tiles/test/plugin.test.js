// Unit tests of remark-tiles through @mdx-js/mdx, against the real `tiles` CLI
// (on PATH, or TILES_COMMAND). Run: npm test (pytest runs it in `make test`).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync, chmodSync } from "node:fs";
import path from "node:path";
import { after, test } from "node:test";
import { compile } from "@mdx-js/mdx";
import { VFile } from "vfile";
import remarkTiles from "../index.js";
import { PROTOCOL, closeAll } from "../lib/batch.js";
import { html, page, site as newSite } from "./helpers.js";

const site = () => newSite("remark-tiles-");

after(closeAll);

const imgs = (markup) =>
  [...markup.matchAll(/<img [^>]*>/g)].map(([tag]) =>
    Object.fromEntries(
      [...tag.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map(([, k, v]) => [k.toLowerCase(), v.replace(/&amp;/g, "&")]),
    ),
  );

test("tags become static images with zero options", async () => {
  const root = site();
  const file = page(root, "a.mdx", [
    "# Hands",
    "",
    '<Tiles notation="11222333s22m+-456m+4s" caption="Tsumo on 4s" />',
    "",
    'Wait on <Tiles notation="14s" inline /> both sides.',
    "",
    "```mdx",
    '<Tiles notation="123a" />',
    "```",
  ].join("\n"));
  const out = await html(file);
  const [block, inline] = imgs(out);
  assert.equal(imgs(out).length, 2, "the tag in the code block stays code");
  assert.match(block.src, /^\/tiles\/[0-9a-f]{16}\.png$/);
  assert.deepEqual(block.srcset.split(", ").map((s) => s.split(" ")[1]), ["1x", "2x", "3x"]);
  assert.equal(block.width, "420");
  assert.equal(block.height, "38");
  assert.equal(block.alt, "Hand: 1s 1s 2s 2s 2s 3s 3s 3s 2m 2m; called meld: 4m (sideways) 5m 6m; winning tile: 4s");
  assert.equal(block.loading, "lazy");
  assert.match(out, /<figure class="tiles-figure" style="margin:1em 0"><img [^>]*><figcaption>Tsumo on 4s<\/figcaption><\/figure>/);
  assert.equal(inline.height, "24");
  assert.equal(inline.class, "tiles tiles--inline");
  assert.match(inline.style, /display:inline-block/);
  assert.match(out, /<p>Wait on <img [^>]*> both sides.<\/p>/);
  for (const img of [block, inline]) {
    for (const candidate of img.srcset.split(", ")) {
      const name = candidate.split(" ")[0].replace("/tiles/", "");
      assert.ok(statSync(path.join(root, "public", "tiles", name)).size > 100, name);
    }
  }
});

test("a river is drawn as a river", async () => {
  const root = site();
  const [img] = imgs(await html(page(root, "r.mdx", '<Tiles river row={4} notation="1m9p*2z3s-5p8s" />\n')));
  assert.equal(img.class, "tiles tiles--river");
  assert.match(img.alt, /riichi/i);
  assert.ok(Number(img.height) > 38, "two rows");
});

test("score: the score card under the hand, sized by tiles batch, the score in the alt text", async () => {
  const root = site();
  const out = await html(page(root, "s.mdx", [
    '<Tiles notation="234789m1234566p+6p" score riichi seat="S" />',
    "",
    '<Tiles notation="234789m1234566p+6p" />',
  ].join("\n")));
  const [card, plain] = imgs(out);
  assert.match(card.alt, /; score: 3 han 20 fu · 700-1,300$/);
  assert.equal(card.width, "401");
  assert.equal(card.height, "120", "the card's five lines under the tiles");
  assert.equal(plain.height, "38");
  assert.notEqual(card.src, plain.src);
});

test("score: every context prop reaches the card, renhou and its rules included; a refused one fails at the tag", async () => {
  const root = site();
  const out = await html(page(root, "r.mdx", '<Tiles notation="234789m13p789s55s+-2p" score renhou seat="W" rules="wrc" />\n'));
  const [card] = imgs(out);
  assert.match(card.alt, /; score: Mangan · 8,000$/);
  await assert.rejects(html(page(root, "n.mdx", '<Tiles notation="234789m13p789s55s+-2p" score nagashi />\n')),
    /nagashi mangan is a payment at an exhaustive draw/);
});

test("the compiled page has no component, import or client code", async () => {
  const root = site();
  const code = String(await compile(page(root, "b.mdx", '<Tiles notation="123m" />\n'), { remarkPlugins: [remarkTiles] }));
  assert.doesNotMatch(code, /Tiles|import\(|_missingMdxReference/);
  assert.match(code, /"img"/);
});

test("tagName: another element name is read by the same Python reader", async () => {
  const root = site();
  const file = page(root, "hand.mdx", '<Hand notation="123m" caption="Mine" />\n');
  const out = await html(file, { tagName: "Hand" });
  const [img] = imgs(out);
  assert.match(img.alt, /1m 2m 3m/);
  assert.match(out, /<figcaption>Mine<\/figcaption>/);
  const bad = page(root, "bad-hand.mdx", '<Hand\n  notation="12a" />\n');
  await assert.rejects(html(bad, { tagName: "Hand" }), /bad-hand\.mdx:2:15: 'a' is not a suit letter/);
});

test("a multi-line tag inside a blockquote is read as MDX reads it", async () => {
  const root = site();
  const text = '> Quoted:\n>\n> <Tiles\n>   notation="123m"\n>   caption="In a quote" />\n\n> > <Tiles\n> >   notation="12a" />\n';
  const file = page(root, "quote.mdx", text.split("\n\n> > ")[0] + "\n");
  const out = await html(file);
  const [img] = imgs(out);
  assert.match(img.alt, /1m 2m 3m/);
  assert.match(out, /<blockquote>[\s\S]*<figcaption>In a quote<\/figcaption>[\s\S]*<\/blockquote>/);
  await assert.rejects(html(page(root, "quote2.mdx", text)), /quote2\.mdx:8:19: 'a' is not a suit letter/);
});

test("a bad notation fails the build with file:line:col, the message and a caret", async () => {
  const root = site();
  const file = page(root, "bad.mdx", "---\ntitle: x\n---\n\nText\n\n  <Tiles caption=\"c\" notation=\"123a\" />\n");
  await assert.rejects(html(file), (err) => {
    const rel = path.relative(process.cwd(), file.path);
    assert.equal(
      err.message,
      `${rel}:7:35: 'a' is not a suit letter (use m, p, s or z)\n` +
        '    <Tiles caption="c" notation="123a" />\n' +
        "                                    ^",
    );
    assert.equal(err.line, 7);
    assert.equal(err.column, 35);
    return true;
  });
});

test("every bad tag of a page is reported, in order", async () => {
  const root = site();
  const file = page(root, "two.mdx", '<Tiles notation="8z" />\n\n<Tiles notation="1m" height="9" />\n');
  await assert.rejects(html(file), (err) => {
    const lines = err.message.split("\n").filter((l) => /:\d+:\d+: /.test(l));
    assert.deepEqual(lines.map((l) => l.split(": ")[0].split(":").slice(-2).join(":")), ["1:18", "3:30"]);
    assert.match(err.message, /honors go from 1z to 7z/);
    assert.match(err.message, /height must be a whole number from 16 to 256, not '9'/);
    return true;
  });
});

test("a dynamic prop is a clear error naming file and line", async () => {
  const root = site();
  const file = page(root, "dyn.mdx", "export const hand = '123m'\n\nSee:\n\n<Tiles notation={hand} />\n");
  await assert.rejects(html(file), /dyn\.mdx:5:8: notation=\{\.\.\.\} is an expression: images are drawn at build time/);
});

test("onError: warn shows the error image and warns", async () => {
  const root = site();
  const file = page(root, "warn.mdx", '<Tiles notation="123a" />\n');
  const warnings = [];
  const original = console.warn;
  console.warn = (m) => warnings.push(m);
  try {
    const [img] = imgs(await html(file, { onError: "warn" }));
    assert.equal(img.alt, "Invalid tile notation: 123a");
    assert.ok(Number(img.width) > 0);
    assert.ok(statSync(path.join(root, "public", img.src)).isFile());
  } finally {
    console.warn = original;
  }
  assert.match(warnings[0], /warn\.mdx:1:21: warning: 'a' is not a suit letter/);
  assert.match(file.messages[0].reason, /not a suit letter/);
});

test("colour modes: a light/dark pair switched by CSS, or a <picture> for prefers-color-scheme", async () => {
  const root = site();
  const text = '<Tiles notation="123m" />\n\n<Tiles notation="456p" theme="dark" />\n';
  const themed = await html(page(root, "c1.mdx", text), { colorMode: "data-theme" });
  assert.match(themed, /^<style>\[data-theme=dark\] \.tiles--light\{display:none!important\}/);
  assert.deepEqual(imgs(themed).map((i) => i.class), ["tiles tiles--light", "tiles tiles--dark", "tiles"]);
  assert.notEqual(imgs(themed)[0].src, imgs(themed)[1].src);
  const media = await html(page(root, "c2.mdx", text), { colorMode: "media" });
  assert.match(media, /<picture><source media="\(prefers-color-scheme: dark\)" srcSet="[^"]+ 3x" width="84" height="38"\/><img /);
  const nextra = await html(page(root, "c3.mdx", text), { colorMode: "class" });
  assert.match(nextra, /^<style>\.dark \.tiles--light/);
  const plain = await html(page(root, "c4.mdx", text), { theme: "dark" });
  assert.equal(imgs(plain).length, 2);
  assert.doesNotMatch(plain, /<style>/);
});

test("React does not compare the colour-mode <style> when it hydrates: an HTML minifier rewrites its CSS", async () => {
  // Docusaurus Faster's minifier (create-docusaurus's `future: {v4: true}`) joins the two rules,
  // and React 19 threw error #418 on the page (tests/browser/test_docusaurus.py sees it in Chromium)
  const root = site();
  const file = page(root, "h.mdx", '<Tiles notation="123m" />\n');
  const code = String(await compile(file, { remarkPlugins: [[remarkTiles, { colorMode: "data-theme" }]] }));
  assert.match(code, /_jsx\(_components\.style, \{\s*suppressHydrationWarning: true,\s*children: "\[data-theme=dark\] /);
  const out = await html(page(root, "h2.mdx", '<Tiles notation="123m" />\n'), { colorMode: "data-theme" });
  assert.match(out, /^<style>\[data-theme=dark\]/, "a prop for React only: not written into the page");
});

test('format: "svg" writes one vector file per image: one src, a srcSet of its 1x and #2x drawings', async () => {
  const root = site();
  const text = '<Tiles notation="123m" caption="c" />\n\nIn a line: <Tiles notation="5z" inline />\n';
  const out = await html(page(root, "s.mdx", text), { format: "svg" });
  const [block, inline] = imgs(out);
  for (const img of [block, inline]) {
    assert.match(img.src, /^\/tiles\/[0-9a-f]{16}\.svg$/);
    assert.equal(img.srcset, `${img.src} 1x, ${img.src}#2x 2x`); // one file, whose #2x is tuned for 2x screens
    const svg = readFileSync(path.join(root, "public", img.src), "utf8");
    assert.match(svg, /^<svg[^>]* width="[\d.]+"/);
  }
  assert.equal(block.width, "84");
  assert.equal(inline.height, "24");
  assert.deepEqual(readdirSync(path.join(root, "public", "tiles")).filter((f) => !f.endsWith(".svg")), [".tiles-batch"]);
  const png = imgs(await html(page(root, "p.mdx", text)));
  assert.equal(png[0].width, block.width, "the same CSS size as the PNG");
  const media = await html(page(root, "sm.mdx", text), { format: "svg", colorMode: "media" });
  assert.match(media, /<source media="\(prefers-color-scheme: dark\)" srcSet="(\/tiles\/[0-9a-f]{16}\.svg) 1x, \1#2x 2x" width="84"/);
  await assert.rejects(html(page(root, "bad.mdx", text), { format: "webp" }), /format must be "png" or "svg", not "webp"/);
});

test('a tag\'s own format wins over the site\'s, as in <Tiles>; a bad one fails at its place', async () => {
  const root = site();
  const text = '<Tiles notation="123m" format="svg" theme="auto" />\n\n<Tiles notation="456p" />\n';
  const [svg, png] = imgs(await html(page(root, "f.mdx", text)));
  assert.match(svg.src, /^\/tiles\/[0-9a-f]{16}\.svg$/);
  assert.equal(svg.srcset, `${svg.src} 1x, ${svg.src}#2x 2x`);
  assert.match(readFileSync(path.join(root, "public", svg.src), "utf8"), /prefers-color-scheme/);
  assert.match(png.src, /^\/tiles\/[0-9a-f]{16}\.png$/);
  const [back] = imgs(await html(page(root, "g.mdx", '<Tiles notation="123m" format="png" />\n'), { format: "svg" }));
  assert.match(back.src, /\.png$/);
  await assert.rejects(html(page(root, "h.mdx", 'Text\n\n<Tiles notation="1m" format="gif" />\n')),
    /h\.mdx:3:\d+: format must be png or svg, not 'gif'/);
});

test("options: outDir and publicPath", async () => {
  const root = site();
  const out = path.join(root, "static-files");
  const [img] = imgs(await html(page(root, "o.mdx", '<Tiles notation="1m" />\n'), { outDir: out, publicPath: "/base/img/" }));
  assert.match(img.src, /^\/base\/img\/[0-9a-f]{16}\.png$/);
  assert.ok(readdirSync(out).includes(img.src.replace("/base/img/", "")));
});

test("one tiles process for a whole build; unchanged files are reused", async () => {
  const root = site();
  const log = path.join(root, "starts.log");
  const wrapper = path.join(root, "tiles-counting");
  writeFileSync(wrapper, `#!/bin/sh\necho start >> "${log}"\nexec tiles "$@"\n`);
  chmodSync(wrapper, 0o755);
  const options = { command: wrapper };
  const files = Array.from({ length: 6 }, (_, n) => page(root, `p${n}.mdx`, `<Tiles notation="${n + 1}m${n + 1}p" />\n`));
  await Promise.all(files.map((f) => html(f, options)));
  assert.equal(readFileSync(log, "utf8"), "start\n");
  const dir = path.join(root, "public", "tiles");
  const before = Object.fromEntries(readdirSync(dir).map((f) => [f, statSync(path.join(dir, f)).mtimeMs]));
  assert.deepEqual(Object.keys(before).filter((f) => !f.endsWith(".png")), [".tiles-batch"]); // tiles build --prune spares it
  assert.equal(Object.keys(before).length, 6 * 3 + 1);
  // a compiled VFile holds JavaScript now: read the pages again, as a new build would
  await Promise.all(files.map((f) => html(new VFile({ path: f.path, value: readFileSync(f.path, "utf8") }), options)));
  const now = Object.fromEntries(readdirSync(dir).map((f) => [f, statSync(path.join(dir, f)).mtimeMs]));
  assert.deepEqual(now, before);
});

test("a missing CLI says how to install it", async () => {
  const root = site();
  await assert.rejects(html(page(root, "m.mdx", '<Tiles notation="1m" />\n'), { command: "tiles-not-installed-here" }),
    /cannot run `tiles-not-installed-here`: it is not on PATH/);
});

test("a tiles CLI of another batch protocol is refused, not half understood", async () => {
  const root = site();
  const old = path.join(root, "tiles-old");
  writeFileSync(old, `#!/bin/sh\necho '{"hello": {"protocol": 1, "spec": {}}}'\ncat > /dev/null\n`);
  chmodSync(old, 0o755);
  await assert.rejects(html(page(root, "o.mdx", '<Tiles notation="1m" />\n'), { command: old }),
    new RegExp(`speaks batch protocol 1, remark-tiles needs ${PROTOCOL}: install matching versions`));
});

test("the tiles CLI is the one answering", () => {
  const out = execFileSync("tiles", ["--help"], { encoding: "utf8" });
  assert.match(out, /batch/);
});

test("a ```tiles-scene block becomes the scene's picture; a bad field fails at its line and column", async () => {
  const root = site();
  const card = "problem: {round: E1, seat: S, turn: 7, dora: 3m, hand: 2345m067p34588s5z+4p, answer: 5z}";
  const file = page(root, "scene.mdx", ["# Problem", "", "```tiles-scene", card, "```", "", "```yaml", card, "```", ""].join("\n"));
  const out = await html(file, { colorMode: "data-theme" });
  const found = imgs(out);
  assert.deepEqual(found.map((i) => i.class), ["tiles tiles-scene tiles--light", "tiles tiles-scene tiles--dark"]);
  assert.equal(found[0].width, "402");
  assert.equal(found[0].height, "159");
  assert.match(found[0].alt, /^Problem: East 1 · South seat · Turn 7; dora indicator: 3m; .*; Discard White$/);
  assert.match(out, /<code class="language-yaml">problem:/, "other code blocks stay code");
  for (const img of found) {
    for (const candidate of img.srcset.split(", ")) {
      const name = candidate.split(" ")[0].replace("/tiles/", "");
      assert.ok(statSync(path.join(root, "public", "tiles", name)).size > 100, name);
    }
  }
  const bad = page(root, "bad-scene.mdx", "Text\n\n- A card:\n\n  ```tiles-scene\n  problem:\n    round: E9\n" +
    "    seat: S\n    dora: 3m\n    hand: 123456789m1234z+5z\n  ```\n");
  await assert.rejects(html(bad), (err) => {
    const rel = path.relative(process.cwd(), bad.path);
    assert.equal(err.message.split("\n")[0], `${rel}:7:12: problem.round: round must be a wind and a hand number 1-4, ` +
      "like E1 or S3, not 'E9'");
    assert.equal(err.message.split("\n")[2], "  " + " ".repeat(11) + "^");
    return true;
  });
});

test("a ```tiles-scene block with log: draws the record's moment, the record beside the page", async () => {
  const root = site();
  mkdirSync(path.join(root, "games"));
  copyFileSync(new URL("../../../games/hard-cases.json", import.meta.url), path.join(root, "games", "g.json"));
  const moment = ["log: games/g.json", "round: 1", "seat: 0", "turn: 2"];
  const file = page(root, "log.mdx", ["# A game", "", "```tiles-scene", ...moment, "```", ""].join("\n"));
  const found = imgs(await html(file, { colorMode: "data-theme" }));
  assert.deepEqual(found.map((i) => i.class), ["tiles tiles-scene tiles--light", "tiles tiles-scene tiles--dark"]);
  assert.match(found[0].alt, /^Table: East 1, 1 riichi stick, 66 tiles left in the wall; dora indicator: 1m; East \(dealer, 24000 points\)/);
  for (const img of found) {
    for (const candidate of img.srcset.split(", ")) {
      const name = candidate.split(" ")[0].replace("/tiles/", "");
      assert.ok(statSync(path.join(root, "public", "tiles", name)).size > 100, name);
    }
  }
  const bad = page(root, "bad-log.mdx", ["# A game", "", "```tiles-scene", ...moment.slice(0, 3), "turn: 29", "```", ""].join("\n"));
  await assert.rejects(html(bad), (err) => {
    const rel = path.relative(process.cwd(), bad.path);
    assert.equal(err.message.split("\n")[0], `${rel}:7:7: turn: seat 0 has no discard 29: it discards 2 times`);
    return true;
  });
});

test("a ```tiles-scene log: block's show: card and show: result draw the card and the win", async () => {
  const root = site();
  mkdirSync(path.join(root, "games"));
  copyFileSync(new URL("../../../games/hard-cases.json", import.meta.url), path.join(root, "games", "g.json"));
  const block = (...lines) => ["```tiles-scene", "log: games/g.json", "round: 1", ...lines, "```", ""];
  const file = page(root, "cards.mdx", ["# A game", "", ...block("start: true", "show: card"), ...block("show: result")].join("\n"));
  const [card, result] = imgs(await html(file));
  assert.match(card.alt, /^Problem: East 1 · East seat · Turn 1; dora indicator: 1m; .*drawn tile: White$/);
  assert.match(result.alt, /^Result: East 1 · South ron from East; .*Result: East 1 · West ron from East; /);
  const bad = page(root, "bad-show.mdx", ["# A game", "", ...block("step: 3", "show: result")].join("\n"));
  await assert.rejects(html(bad), (err) => {
    const rel = path.relative(process.cwd(), bad.path);
    assert.equal(err.message.split("\n")[0], `${rel}:7:7: show: show: result draws the round's end, and step ` +
      "chooses another moment: drop step, or show: table or card");
    return true;
  });
});

test("a ```tiles-scene block's options (lang, height, theme) win over the site's; its files are tiles build's", async () => {
  const root = site();
  const card = "problem: {round: E1, seat: S, turn: 7, dora: 3m, hand: 2345m067p34588s5z+4p, answer: 5z}";
  const text = ["```tiles-scene lang=ja height=30 theme=dark", card, "```", "", "```tiles-scene {height=30}", card, "```", ""];
  const file = page(root, "opts.mdx", text.join("\n"));
  const found = imgs(await html(file, { colorMode: "data-theme" }));
  assert.deepEqual(found.map((i) => [i.class, i.width, i.height]), [
    ["tiles tiles-scene", "315", "132"], // its own theme: one picture; Japanese labels are narrower
    ["tiles tiles-scene tiles--light", "320", "132"],
    ["tiles tiles-scene tiles--dark", "320", "132"],
  ]);
  // `tiles build` of the same page names the same files, under keys with the options
  const out = path.join(root, "built");
  execFileSync("tiles", ["build", file.path, "--out", out, "--theme", "light", "--theme", "dark", "--jobs", "1"]);
  const images = JSON.parse(readFileSync(path.join(out, "manifest.json"), "utf8")).images;
  const built = (key) => ["1x", "2x", "3x"].map((k) => `/tiles/${images[key][k]} ${k}`).join(", ");
  assert.deepEqual(found.map((i) => i.srcset), [
    built(`scene:${card}?height=30&theme=dark&lang=ja`), built(`scene:${card}?height=30`),
    built(`scene:${card}?height=30&theme=dark`)]);
  for (const name of readdirSync(out).filter((f) => f.endsWith(".png"))) {
    assert.ok(readFileSync(path.join(out, name)).equals(readFileSync(path.join(root, "public", "tiles", name))), name);
  }
});

test("a bad ```tiles-scene option fails the build at the fence line and the option's column", async () => {
  const root = site();
  const bad = page(root, "bad-opts.mdx", "Text\n\n- A card:\n\n  ```tiles-scene lang=ja  height=300\n" +
    "  problem: {round: E1, seat: S, dora: 3m, hand: 123456789m1234z+5z}\n  ```\n");
  await assert.rejects(html(bad), (err) => {
    const rel = path.relative(process.cwd(), bad.path);
    const lines = err.message.split("\n");
    assert.equal(lines[0], `${rel}:5:34: tiles-scene height=300: height must be a whole number from 16 to 256, not '300'`);
    assert.equal(lines[1], "    ```tiles-scene lang=ja  height=300");
    assert.equal(lines[2], "  " + " ".repeat(33) + "^");
    return true;
  });
  const unknown = page(root, "unknown.mdx", "```tiles-scene size=30\nproblem: {round: E1}\n```\n");
  await assert.rejects(html(unknown), /unknown\.mdx:1:16: tiles-scene has no option 'size': it takes height, theme, lang, index, format and bg/);
});

test("lang: the site's language writes every alt text in it; a tag's or block's own lang wins; tiles build agrees", async () => {
  const root = site();
  const card = "problem: {round: E1, seat: S, turn: 7, dora: 3m, hand: 2345m067p34588s5z+4p, answer: 5z}";
  const file = page(root, "ja.mdx", [
    '<Tiles notation="11s+-456m+x22xz+-5=55p+4s" dora="0p" />',
    "",
    '<Tiles river notation="1m*2m-3m*0p" lang="zh" />',
    "",
    "```tiles-scene",
    card,
    "```",
    "",
  ].join("\n"));
  const found = imgs(await html(file, { lang: "ja" }));
  assert.deepEqual(found.map((i) => i.alt), [
    "手牌：一索 一索；副露：四萬（横） 五萬 六萬；暗槓：伏せ牌 南 南 伏せ牌；副露：五筒（横） 五筒（加槓） 五筒；和了牌：四索；ドラ表示牌：赤五筒",
    "牌河：一万 二万，三万立直，红五筒；摸切：二万 红五筒",
    "何切る：東1局・南家・7巡目；ドラ表示牌：三萬；手牌：二萬 三萬 四萬 五萬 赤五筒 六筒 七筒 三索 四索 五索 八索 八索 白；" +
      "ツモ牌：四筒；白切り",
  ]);
  // the same page built by `tiles build --lang ja`: the same files, the same alt text, keys naming the language
  const out = path.join(root, "built");
  execFileSync("tiles", ["build", file.path, "--out", out, "--lang", "ja", "--jobs", "1"]);
  const images = JSON.parse(readFileSync(path.join(out, "manifest.json"), "utf8")).images;
  const entries = [images["11s+-456m+x22xz+-5=55p+4s?dora=0p&lang=ja"], images["1m*2m-3m*0p?layout=river&lang=zh"],
    images[`scene:${card}?lang=ja`]];
  assert.deepEqual(entries.map((e) => e.alt), found.map((i) => i.alt));
  assert.deepEqual(entries.map((e) => `/tiles/${e["1x"]}`), found.map((i) => i.src));
  // English is the default: no lang option, English alt text
  assert.match(imgs(await html(page(root, "en.mdx", '<Tiles notation="1m" />\n')))[0].alt, /^Hand: 1m$/);
});

test("a lang the tiles CLI does not write is a clear build error", async () => {
  const root = site();
  await assert.rejects(html(page(root, "fr.mdx", '<Tiles notation="1m" />\n'), { lang: "fr" }),
    /remark-tiles: lang must be one of en, ja, zh, not "fr"/);
  const old = path.join(root, "tiles-english");  // a tiles of this protocol from before alt text had a language
  writeFileSync(old, `#!/bin/sh\necho '{"hello": {"protocol": ${PROTOCOL}, "spec": {"langs": ["en", "ja", "zh"]}}}'\ncat > /dev/null\n`);
  chmodSync(old, 0o755);
  await assert.rejects(html(page(root, "o.mdx", '<Tiles notation="1m" />\n'), { command: old, lang: "ja" }),
    /the lang option needs a tiles that writes alt text in other languages; this one writes English only/);
});

test("index: the site's corner indices on every tag, fence and scene without their own; tiles build agrees", async () => {
  const root = site();
  const card = "problem: {round: E1, seat: S, turn: 7, dora: 3m, hand: 2345m067p34588s5z+4p, answer: 5z}";
  const text = [
    '<Tiles notation="11s+-456m+4s" />', "", '<Tiles notation="19p" index={false} />', "",
    "```tiles river", "1m*2m-3m", "```", "", "```tiles-scene", card, "```", "",
    "```tiles-scene index=0", card, "```", "",
  ].join("\n");
  const plain = imgs(await html(page(root, "plain.mdx", text)));
  const file = page(root, "index.mdx", text);
  const indexed = imgs(await html(file, { index: true }));
  assert.deepEqual(indexed.map((i, k) => i.src === plain[k].src), [false, true, false, false, true]);
  assert.deepEqual(indexed.map((i) => i.alt), plain.map((i) => i.alt)); // the alt text names the tiles alike
  // a tag's own index, with no site option
  const own = imgs(await html(page(root, "own.mdx", '<Tiles notation="11s+-456m+4s" index />\n')));
  assert.equal(own[0].src, indexed[0].src);
  // the same page built by `tiles build --index`: the same files, keys naming index
  const out = path.join(root, "built");
  execFileSync("tiles", ["build", file.path, "--out", out, "--index", "--jobs", "1"]);
  const images = JSON.parse(readFileSync(path.join(out, "manifest.json"), "utf8")).images;
  const entries = [images["11s+-456m+4s?index=1"], images["19p"], images["1m*2m-3m?layout=river&index=1"],
    images[`scene:${card}?index=1`], images[`scene:${card}`]];
  assert.deepEqual(entries.map((e) => `/tiles/${e["1x"]}`), indexed.map((i) => i.src));
  await assert.rejects(html(page(root, "bad.mdx", '<Tiles notation="1m" />\n'), { index: "yes" }),
    /remark-tiles: index must be true or false, not "yes"/);
  const old = path.join(root, "tiles-old");  // a tiles of this protocol from before corner indices
  writeFileSync(old, `#!/bin/sh\necho '{"hello": {"protocol": ${PROTOCOL}, "spec": {"langs": ["en"]}}}'\ncat > /dev/null\n`);
  chmodSync(old, 0o755);
  await assert.rejects(html(page(root, "o.mdx", '<Tiles notation="1m" />\n'), { command: old, index: true }),
    /the index option needs a tiles that draws corner indices/);
});

test("a ```tiles fence draws each line as the <Tiles> tag with the fence's props would; tiles build names its files", async () => {
  const root = site();
  const fence = ["# Hands", "", "> ```tiles river row={4}", "> 1m9p*2z3s-5p8s | Riichi", ">", "> 123m", "> ```", ""];
  const tags = ["# Hands", "", '> <Tiles river row={4} notation="1m9p*2z3s-5p8s" caption="Riichi" />', ">",
    '> <Tiles river row={4} notation="123m" />', ""];
  for (const options of [{}, { colorMode: "data-theme" }, { format: "svg", colorMode: "media" }]) {
    const drawn = await html(page(root, "fence.mdx", fence.join("\n")), options);
    assert.equal(drawn.replace(/>\n</g, "><"), (await html(page(root, "tags.mdx", tags.join("\n")), options)).replace(/>\n</g, "><"));
    assert.equal(imgs(drawn).filter((i) => i.class.startsWith("tiles tiles--river")).length,
      options.colorMode && options.colorMode !== "media" ? 4 : 2);
  }
  const file = page(root, "fence.mdx", fence.join("\n"));
  const drawn = await html(file);
  const found = imgs(drawn);
  assert.deepEqual(found.map((i) => i["data-notation"]), ["1m9p*2z3s-5p8s", "123m"]);
  assert.match(drawn, /<figcaption>Riichi<\/figcaption>/);
  const out = path.join(root, "built");
  execFileSync("tiles", ["build", file.path, "--out", out, "--jobs", "1"]);
  const images = JSON.parse(readFileSync(path.join(out, "manifest.json"), "utf8")).images;
  assert.deepEqual(found.map((i) => i.src), ["1m9p*2z3s-5p8s?layout=river&row=4", "123m?layout=river&row=4"]
    .map((key) => `/tiles/${images[key]["1x"]}`));
});

test("a typo in a ```tiles fence fails the build at its line and column; onError: warn shows the error image", async () => {
  const root = site();
  const file = page(root, "bad-fence.mdx", "Text\n\n- Hands:\n\n  ```tiles\n  123m | fine\n   4p5q | caption\n  ```\n");
  await assert.rejects(html(file), (err) => {
    const rel = path.relative(process.cwd(), file.path);
    assert.deepEqual(err.message.split("\n"), [`${rel}:7:7: 'q' is not a suit letter (use m, p, s or z)`,
      "     4p5q | caption", "        ^"]);
    assert.deepEqual([err.line, err.column], [7, 7]);
    return true;
  });
  const warnings = [];
  const original = console.warn;
  console.warn = (m) => warnings.push(m);
  try {
    const found = imgs(await html(file, { onError: "warn" }));
    assert.deepEqual(found.map((i) => i.alt), ["Hand: 1m 2m 3m", "Invalid tile notation: 4p5q"]);
  } finally {
    console.warn = original;
  }
  assert.match(warnings[0], /bad-fence\.mdx:7:7: warning: 'q' is not a suit letter/);
  const props = page(root, "bad-props.mdx", '> ```tiles height="9"\n> 1m\n> ```\n');
  await assert.rejects(html(props), /bad-props\.mdx:1:3: in the tiles fence: height must be a whole number from 16 to 256, not '9'/);
});

test("dialect: the site's reads tags and fences as that tool writes them; a tag's or fence's own wins", async () => {
  const root = site();
  const file = page(root, "mahgen.mdx", [
    '<Tiles notation="1m|_123p" />',
    "",
    '<Tiles notation="123m_4*56p" dialect="riichi-hand-rs" />',
    "",
    "```tiles",
    "1m|_123p|66^6z | Chi and kan",
    "```",
    "",
    "```tiles dialect=merjong",
    "1'23m-45'6m",
    "```",
    "",
  ].join("\n"));
  const markup = await html(file, { dialect: "mahgen" });
  const found = imgs(markup);
  assert.deepEqual(found.map((i) => i.alt), [
    "Hand: 1m; called meld: 1p (sideways) 2p 3p",
    "Hand: 1m 2m 3m; called meld: 4p (sideways) 5p 6p",
    "Hand: 1m; called meld: 1p (sideways) 2p 3p; called meld: Green Green Green (sideways) Green (sideways, added on top)",
    "called meld: 1m (sideways) 2m 3m; called meld: 4m 5m (sideways) 6m",
  ]);
  assert.match(markup, /<figcaption>Chi and kan<\/figcaption>/);
  await assert.rejects(html(page(root, "bad.mdx", '<Tiles notation="1m" />\n'), { dialect: "tenhou" }),
    /dialect must be one of riichi-hand-rs, mahgen/);
  await assert.rejects(html(page(root, "typed.mdx", '<Tiles notation="1m" />\n'), { dialect: 3 }),
    /remark-tiles: dialect must be a string like "mahgen", not 3/);
});
