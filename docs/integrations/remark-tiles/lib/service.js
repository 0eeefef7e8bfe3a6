// The `service` option: the tiles HTTP service answers instead of a local CLI.
//
// Each tag goes to POST <service>/batch, the same request `tiles batch` reads
// (so the service reads the tag with the same Python code, and the answer
// makes the same markup); the PNG files it names are then fetched from
// <service>/tiles/<notation>.png?... (or .svg) and written under their content-hashed
// names. A file already in outDir is the right one and is not fetched again.
// Requests are bounded in number (`concurrency`) and time (`timeout`).
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { PROTOCOL } from "./batch.js";

const clients = new Map();

/** The shared client for one service, output folder and public path. */
export function serviceFor(settings) {
  const key = JSON.stringify(settings);
  if (!clients.has(key)) clients.set(key, new ServiceClient(settings));
  return clients.get(key);
}

class ServiceClient {
  /** {url, outDir, publicPath, errorImages, concurrency, timeout} */
  constructor({ url, outDir, publicPath, errorImages, concurrency = 6, timeout = 30000 }) {
    this.base = new URL(url.replace(/\/?$/, "/"));
    if (!["http:", "https:"].includes(this.base.protocol)) {
      throw new Error(`remark-tiles: service must be an http(s) URL, not ${JSON.stringify(url)}`);
    }
    this.outDir = outDir;
    this.publicPath = publicPath;
    this.errorImages = errorImages;
    this.timeout = timeout;
    this.limit = limiter(concurrency);
    this.ready = null;
  }

  /** The service's hello (versions, protocol, markup spec); asked once. */
  start() {
    this.ready ||= this.request("batch", {}, (r) => this.json(r, "GET batch")).then(({ r, body: hello }) => {
      if (!r.ok) throw this.error(`GET batch answered ${r.status}: ${hello.error?.message ?? ""}`);
      if (hello.protocol !== PROTOCOL) {
        throw this.error(`it speaks batch protocol ${hello.protocol}, remark-tiles needs ${PROTOCOL}: ` +
          "use a service and plugin of matching versions");
      }
      return hello;
    });
    return this.ready;
  }

  /** The answer for one tag, once its image files are in outDir. */
  async ask(request) {
    await this.start();
    const payload = JSON.stringify({ ...request, publicPath: this.publicPath, errorImages: this.errorImages });
    const init = { method: "POST", body: payload, headers: { "content-type": "application/json" } };
    const { r, body: answer } = await this.request("batch", init, (r) => this.json(r, "POST batch"));
    await this.prepare();
    if (r.status === 422 && answer.ok === false) {
      if (answer.errorImage) await this.saveInline(answer.errorImage);
      return answer;
    }
    if (!r.ok) throw this.error(`POST batch answered ${r.status}: ${answer.error?.message ?? ""}`);
    await Promise.all(answer.images.flatMap((image) =>
      Object.entries(image.files).map(([scale, name]) => this.fetchFile(name, image.fetch[scale]))));
    return answer;
  }

  async fetchFile(name, url) {
    const file = this.fileFor(name);
    if (new URL(url, this.base).origin !== this.base.origin) {
      throw this.error(`it asked to fetch ${JSON.stringify(url)} from another host`);
    }
    if (existsSync(file)) return; // content-hashed: the file there is this image
    const want = name.endsWith(".svg") ? "image/svg+xml" : "image/png";
    const { r, body } = await this.request(url, { headers: { accept: want } }, async (r) => {
      const type = r.headers.get("content-type") || "";
      if (r.ok && type.split(";")[0] === want) return Buffer.from(await r.arrayBuffer());
      const why = type.includes("json") ? (await r.json()).error?.message : "";
      throw this.error(`GET ${url} answered ${r.status} ${type}${why ? `: ${why}` : ""}`);
    });
    await atomicWrite(file, body);
  }

  /** outDir, made once, with the mark `tiles batch` leaves (so `tiles build --prune` spares the folder). */
  prepare() {
    this.prepared ||= this.start().then(async (hello) => {
      await mkdir(this.outDir, { recursive: true });
      const mark = hello.folderMark;
      if (!mark || !/^\.[\w-]+$/.test(mark.name)) return;
      await writeFile(path.join(this.outDir, mark.name), String(mark.text), { flag: "wx" }).catch((err) => {
        if (err.code !== "EEXIST") throw err;
      });
    });
    return this.prepared;
  }

  async saveInline(image) {
    await this.prepare();
    await Promise.all(Object.entries(image.files).map(([scale, name]) => {
      const file = this.fileFor(name);
      return existsSync(file) ? null : atomicWrite(file, Buffer.from(image.data[scale], "base64"));
    }));
  }

  /** outDir/name, for a plain file name only: an answer never writes outside outDir. */
  fileFor(name) {
    if (typeof name !== "string" || !/^[\w-]+(@\dx)?\.(png|svg)$/.test(name)) {
      throw this.error(`it named an image file ${JSON.stringify(name)}; expected a name like 0123abcd.png`);
    }
    return path.join(this.outDir, name);
  }

  /** {r, body}: fetch() relative to the service and read(r), within the concurrency and time limits. */
  request(relative, init, read) {
    const url = new URL(relative, this.base);
    return this.limit(async () => {
      let r;
      try {
        r = await fetch(url, { ...init, signal: AbortSignal.timeout(this.timeout) });
        return { r, body: await read(r) };
      } catch (err) {
        if (r && err.name !== "TimeoutError") throw err;
        const cause = err.name === "TimeoutError" ? `no answer within ${this.timeout} ms`
          : err.cause?.code || err.cause?.message || err.message;
        throw this.error(`cannot reach ${url.origin}${url.pathname} (${cause}); is the service running? ` +
          "Check the `service` option, or use the local `tiles` CLI instead");
      }
    });
  }

  async json(r, what) {
    try {
      return await r.json();
    } catch {
      throw this.error(`${what} answered ${r.status} with no JSON: is ${this.base.href} a tiles service?`);
    }
  }

  error(message) {
    return new Error(`remark-tiles: tiles service ${this.base.href}: ${message}`);
  }
}

/** At most `n` calls of fn() running at once. */
function limiter(n) {
  let running = 0;
  const queue = [];
  const next = () => {
    if (running >= n || !queue.length) return;
    running++;
    const { fn, resolve, reject } = queue.shift();
    Promise.resolve().then(fn).then(resolve, reject).finally(() => {
      running--;
      next();
    });
  };
  return (fn) => new Promise((resolve, reject) => {
    queue.push({ fn, resolve, reject });
    next();
  });
}

/** Write through a temporary file, so a build stopped midway leaves no half image under a final name. */
async function atomicWrite(file, data) {
  const tmp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await writeFile(tmp, data, { flag: "wx" });
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}
