// The worker thread of lib/sync.js: one `tiles batch` process, spoken to in JSON
// lines (one request a line, answers matched by id, the first line the hello).
// Each message from the page's thread is a list of requests and its number (`ask`);
// the reply, with that number, is sent and the waiting thread woken once every
// answer is in. Every failure is a reply too, so the waiting thread never waits
// for nothing.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { workerData } from "node:worker_threads";
import { REPLIED, STOPPED } from "./sync.js";

// 2, with "fence" among its requests: a ```tiles fence's lines are drawn (tiles batch of this repository)
const PROTOCOL = 2;
const { command, args, signal, port } = workerData;
let child = null;
let ready = null;
let nextId = 1;
let stderr = "";
let failure = null;
const pending = new Map();

function reply(message) {
  port.postMessage(message);
  Atomics.store(signal, 0, REPLIED);
  Atomics.notify(signal, 0);
}

Atomics.store(signal, 1, 1); // running: the waiting thread need not fear a worker that never started
process.on("exit", () => { // the thread waiting for a reply is woken, not left to its timeout
  Atomics.store(signal, 0, STOPPED);
  Atomics.notify(signal, 0);
});

port.on("message", async (message) => {
  if (message.close) {
    child?.stdin.end();
    port.close();
    return;
  }
  try {
    const hello = await start();
    const answers = await Promise.all(message.requests.map(ask));
    reply({ ask: message.ask, hello, answers });
  } catch (err) {
    reply({ ask: message.ask, error: err.message });
  }
});

function start() {
  ready ||= new Promise((resolve, reject) => {
    try {
      child = spawn(command, args, { stdio: ["pipe", "pipe", "pipe"] });
    } catch (err) {
      reject(fail(err));
      return;
    }
    child.stderr.on("data", (d) => {
      stderr = (stderr + d).slice(-4000);
    });
    child.on("error", (err) => reject(fail(err)));
    child.on("exit", (code, sig) => {
      const err = fail(new Error(`\`${command} ${args[0]}\` stopped (${sig || `exit ${code}`})`));
      reject(err);
      for (const p of pending.values()) p.reject(err);
      pending.clear();
    });
    createInterface({ input: child.stdout }).on("line", (line) => {
      let msg;
      try {
        msg = JSON.parse(line);
      } catch {
        return; // not ours (a stray print); the protocol is one JSON object a line
      }
      if (msg.hello) {
        const kinds = msg.hello.requests || [];
        if (msg.hello.protocol !== PROTOCOL || !kinds.includes("fence")) {
          reject(fail(new Error(`\`${command}\` speaks batch protocol ${msg.hello.protocol} ` +
            `(requests: ${kinds.join(", ") || "tags, scenes"}); markdown-it-tiles needs protocol ${PROTOCOL} ` +
            "with fence lines: install a tiles CLI as new as this plugin")));
        } else {
          resolve(msg.hello);
        }
        return;
      }
      const waiting = pending.get(msg.id);
      if (!waiting) return;
      pending.delete(msg.id);
      if (msg.fatal) waiting.reject(new Error(`markdown-it-tiles: tiles batch: ${msg.fatal}`));
      else waiting.resolve(msg);
    });
  });
  return ready;
}

function ask(request) {
  if (failure) return Promise.reject(failure);
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    child.stdin.write(JSON.stringify({ ...request, id }) + "\n");
  });
}

function fail(err) {
  if (failure) return failure;
  const hint =
    err.code === "ENOENT"
      ? `cannot run \`${command}\`: it is not on PATH. Install the tiles CLI into the docs repository ` +
        "(see the markdown-it-tiles README), or give the `command` option."
      : err.message;
  const tail = stderr.trim() ? `\n${stderr.trim()}` : "";
  failure = new Error(`markdown-it-tiles: ${hint}${tail}`);
  return failure;
}
