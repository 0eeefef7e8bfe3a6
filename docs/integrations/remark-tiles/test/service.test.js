// The `service` option against a real tiles HTTP service on 127.0.0.1, whose URL
// comes in TILES_TEST_SERVICE (tests/test_remark_tiles.py starts the Flask app
// and sets it). Compared with the CLI path on the same pages.
import assert from "node:assert/strict";
import { readFileSync, readdirSync, statSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { after, test } from "node:test";
import { VFile } from "vfile";
import { PROTOCOL, closeAll } from "../lib/batch.js";
import { html, page, site as newSite } from "./helpers.js";

const SERVICE = process.env.TILES_TEST_SERVICE;
const skip = SERVICE ? false : "set TILES_TEST_SERVICE to a tiles service on 127.0.0.1 (pytest does)";
const servers = [];
const site = () => newSite("remark-tiles-svc-");

after(async () => {
  await closeAll();
  for (const s of servers) s.closeAllConnections?.(), s.close();
});

const files = (dir) => Object.fromEntries(readdirSync(dir).sort().map((f) => [f, readFileSync(path.join(dir, f))]));

/** A loopback proxy to the service that counts requests and the most in flight at once. */
async function countingProxy(target, { hang = false } = {}) {
  const stats = { requests: [], inFlight: 0, maxInFlight: 0 };
  const server = http.createServer(async (req, res) => {
    stats.requests.push(`${req.method} ${req.url}`);
    if (hang) return; // accept, never answer
    stats.inFlight++;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    const chunks = [];
    for await (const c of req) chunks.push(c);
    await new Promise((r) => setTimeout(r, 5)); // let requests overlap
    const r = await fetch(new URL(req.url, target), {
      method: req.method, headers: { "content-type": req.headers["content-type"] || "", accept: req.headers.accept || "*/*" },
      body: req.method === "POST" ? Buffer.concat(chunks) : undefined,
    });
    res.writeHead(r.status, { "content-type": r.headers.get("content-type") });
    res.end(Buffer.from(await r.arrayBuffer()));
    stats.inFlight--;
  });
  servers.push(server);
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${server.address().port}/`, stats };
}

const PAGE = [
  "# Hands",
  "",
  '<Tiles notation="11222333s22m+-456m+4s" caption="Tsumo on 4s" />',
  "",
  'Wait on <Tiles notation="14s" inline /> both sides, or <Tiles notation="0p" inline caption="red five" />.',
  "",
  '<Tiles river row={4} notation="1m9p*2z3s-5p8s" />',
  "",
  '<Tiles notation="456p" theme="dark" height="50" />',
  "",
  "```tiles-scene lang=ja height=30 bg=fff",  // fetched from GET /scene with the block's options
  "problem: {round: E1, seat: S, turn: 7, dora: 3m, hand: 2345m067p34588s5z+4p, answer: 5z}",
  "```",
  "",
  '> ```tiles river height="30"', // each line read by the service's Python, as by the CLI's
  "> 1m9p*2z3s-5p8s | Riichi",
  "> 123m",
  "> ```",
].join("\n");

test("the service path makes the same markup and the same files as the CLI", { skip }, async () => {
  const cases = [{}, { colorMode: "data-theme" }, { colorMode: "media", publicPath: "/docs/t/" },
    { format: "svg" }, { format: "svg", colorMode: "media" }, { lang: "zh" }, { lang: "ja", format: "svg" },
    { index: true }, { index: true, format: "svg", lang: "ja" }];
  for (const options of cases) {
    const cli = site();
    const svc = site();
    const viaCli = await html(page(cli, "a.mdx", PAGE), options);
    const viaService = await html(page(svc, "a.mdx", PAGE), { ...options, service: SERVICE, command: "no-tiles-cli-here" });
    assert.equal(viaService, viaCli, JSON.stringify(options));
    if (options.lang) assert.match(viaService, options.lang === "zh" ? /alt="手牌：一条 一条/ : /alt="手牌：一索 一索/);
    const [a, b] = [files(path.join(cli, "public", "tiles")), files(path.join(svc, "public", "tiles"))];
    assert.deepEqual(Object.keys(b), Object.keys(a));
    for (const name of Object.keys(a)) assert.ok(a[name].equals(b[name]), `${name}: same bytes`);
    assert.ok(Object.keys(a).length >= (options.format === "svg" ? 6 : 6 * 3));
    assert.ok(a[".tiles-batch"], "both mark the folder, so tiles build --prune spares it");
  }
});

test("a bad notation through the service fails the build with file:line:col, message and caret", { skip }, async () => {
  const root = site();
  const file = page(root, "bad.mdx", "Text\n\n  <Tiles caption=\"c\" notation=\"123a\" />\n\n<Tiles notation=\"1m\" height=\"9\" />\n");
  await assert.rejects(html(file, { service: SERVICE }), (err) => {
    const rel = path.relative(process.cwd(), file.path);
    assert.ok(err.message.startsWith(
      `${rel}:3:35: 'a' is not a suit letter (use m, p, s or z)\n` +
        '    <Tiles caption="c" notation="123a" />\n' +
        "                                    ^\n"), err.message);
    assert.match(err.message, /bad\.mdx:5:30: height must be a whole number from 16 to 256, not '9'/);
    assert.equal(err.line, 3);
    return true;
  });
  const fence = page(root, "fence.mdx", "- Hands:\n\n  ```tiles\n  123m\n   4p5q | caption\n  ```\n");
  await assert.rejects(html(fence, { service: SERVICE }), /fence\.mdx:5:7: 'q' is not a suit letter/);
  const dyn = page(root, "dyn.mdx", "export const hand = '123m'\n\n<Tiles notation={hand} />\n");
  await assert.rejects(html(dyn, { service: SERVICE }), /dyn\.mdx:3:8: notation=\{\.\.\.\} is an expression/);
});

test("a log: scene through the service is refused: the service reads no files", { skip }, async () => {
  const root = site();
  const file = page(root, "log.mdx", "# A game\n\n```tiles-scene\nlog: games/g.json\nround: 1\nstart: true\n```\n");
  await assert.rejects(html(file, { service: SERVICE }), /a log: scene reads a game record file, and a request over HTTP reads no files/);
});

test("onError: warn writes the service's error image", { skip }, async () => {
  const root = site();
  const original = console.warn;
  console.warn = () => {};
  try {
    const out = await html(page(root, "w.mdx", '<Tiles notation="123a" />\n'), { service: SERVICE, onError: "warn" });
    const src = out.match(/src="([^"]+)"/)[1];
    assert.match(out, /alt="Invalid tile notation: 123a"/);
    const png = readFileSync(path.join(root, "public", src));
    assert.equal(png.subarray(1, 4).toString(), "PNG");
  } finally {
    console.warn = original;
  }
});

test("unchanged images are not fetched again; requests stay within `concurrency`", { skip }, async () => {
  const { url, stats } = await countingProxy(SERVICE);
  const root = site();
  const options = { service: url, concurrency: 2 };
  const pages = Array.from({ length: 5 }, (_, n) => page(root, `p${n}.mdx`, `<Tiles notation="${n + 1}m${n + 1}s" />\n`));
  await Promise.all(pages.map((f) => html(f, options)));
  const pngs = stats.requests.filter((r) => r.startsWith("GET /tiles/"));
  assert.equal(pngs.length, 5 * 3);
  assert.ok(pngs.some((r) => r.includes("scale=3")));
  assert.ok(stats.maxInFlight <= 2 && stats.maxInFlight >= 1, `max in flight ${stats.maxInFlight}`);
  const dir = path.join(root, "public", "tiles");
  const before = Object.fromEntries(readdirSync(dir).map((f) => [f, statSync(path.join(dir, f)).mtimeMs]));
  stats.requests.length = 0;
  await Promise.all(pages.map((f) => html(new VFile({ path: f.path, value: readFileSync(f.path, "utf8") }), options)));
  assert.deepEqual(stats.requests.filter((r) => r.startsWith("GET /tiles/")), []);
  assert.equal(stats.requests.filter((r) => r === "POST /batch").length, 5);
  const now = Object.fromEntries(readdirSync(dir).map((f) => [f, statSync(path.join(dir, f)).mtimeMs]));
  assert.deepEqual(now, before);
});

test("an unreachable service is a clear build error", async () => {
  const probe = http.createServer();
  await new Promise((r) => probe.listen(0, "127.0.0.1", r));
  const port = probe.address().port;
  await new Promise((r) => probe.close(r)); // nothing listens there now
  const root = site();
  await assert.rejects(html(page(root, "u.mdx", '<Tiles notation="1m" />\n'), { service: `http://127.0.0.1:${port}` }),
    new RegExp(`tiles service http://127.0.0.1:${port}/: cannot reach http://127.0.0.1:${port}/batch \\(ECONNREFUSED\\)`));
});

test("a service that never answers times out", async () => {
  const { url } = await countingProxy("http://127.0.0.1:9/", { hang: true });
  const root = site();
  const started = Date.now();
  await assert.rejects(html(page(root, "t.mdx", '<Tiles notation="1m" />\n'), { service: url, timeout: 300 }),
    /cannot reach .*\/batch \(no answer within 300 ms\)/);
  assert.ok(Date.now() - started < 5000);
});

test("an answer cannot write outside outDir or send the build to another host", async () => {
  let hello;
  const bad = { files: { "1x": "../../escape.png" }, fetch: { "1x": "tiles/1m.png" } };
  const server = http.createServer(async (req, res) => {
    for await (const _ of req);
    res.writeHead(200, { "content-type": "application/json" });
    if (req.method === "GET") return res.end(JSON.stringify(hello));
    const image = { theme: "light", src: "/tiles/x.png", srcSet: "", ...bad };
    res.end(JSON.stringify({ ok: true, width: 1, height: 1, alt: "", images: [image], warnings: [] }));
  });
  servers.push(server);
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  hello = { protocol: PROTOCOL, spec: {} };
  const url = `http://127.0.0.1:${server.address().port}`;
  const root = site();
  await assert.rejects(html(page(root, "e.mdx", '<Tiles notation="1m" />\n'), { service: url }),
    /it named an image file "\.\.\/\.\.\/escape\.png"/);
  bad.files = { "1x": "0123456789abcdef.png" };
  bad.fetch = { "1x": "http://192.0.2.1/x.png" };
  await assert.rejects(html(page(root, "f.mdx", '<Tiles notation="2m" />\n'), { service: url + "/" }),
    /asked to fetch "http:\/\/192\.0\.2\.1\/x\.png" from another host/);
});

test("a service of another batch protocol is refused, not half understood", async () => {
  const server = http.createServer(async (req, res) => {
    for await (const _ of req);
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ protocol: 1, spec: {} })); // before scene blocks carried their options
  });
  servers.push(server);
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const root = site();
  await assert.rejects(html(page(root, "p.mdx", '<Tiles notation="1m" />\n'), { service: `http://127.0.0.1:${server.address().port}` }),
    new RegExp(`it speaks batch protocol 1, remark-tiles needs ${PROTOCOL}: use a service and plugin of matching versions`));
});

test("bad service options are build errors", async () => {
  const root = site();
  await assert.rejects(html(page(root, "o.mdx", '<Tiles notation="1m" />\n'), { service: "ftp://x" }),
    /service must be an http\(s\) URL/);
  await assert.rejects(html(page(root, "o2.mdx", '<Tiles notation="1m" />\n'), { service: "http://127.0.0.1:9", timeout: 0 }),
    /timeout must be a whole number from 1/);
});
