// One `tiles batch` process per build, spoken to in JSON lines.
//
// Every MDX file of a build asks the same process (one per output folder), so
// Python starts once, not once per image. The process holds no reference on
// node's event loop while nothing is pending, so a build exits when it is done;
// closing our end of the pipe ends the process.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

// 2: a scene block's fence options travel with it (`meta`); a protocol-1 `tiles batch`
// would drop them silently, so it is refused.
export const PROTOCOL = 2;
const clients = new Map();

/** The shared client for these settings; started on first use. */
export function batchFor({ command, args }) {
  const key = JSON.stringify([command, args]);
  if (!clients.has(key)) clients.set(key, new Batch(command, args));
  return clients.get(key);
}

/** End every started process (tests; a build never needs it). */
export async function closeAll() {
  await Promise.all([...clients.values()].map((c) => c.close()));
  clients.clear();
}

class Batch {
  constructor(command, args) {
    this.command = command;
    this.args = args;
    this.pending = new Map();
    this.nextId = 1;
    this.child = null;
    this.ready = null;
    this.stderr = "";
    this.failure = null;
  }

  /** Answer for one request (an object without `id`). */
  async ask(request) {
    await this.start();
    if (this.failure) throw this.failure;
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.hold(true);
      this.child.stdin.write(JSON.stringify({ ...request, id }) + "\n");
    });
  }

  start() {
    if (this.ready) return this.ready;
    this.ready = new Promise((resolve, reject) => {
      let child;
      try {
        child = spawn(this.command, this.args, { stdio: ["pipe", "pipe", "pipe"] });
      } catch (err) {
        reject(this.fail(err));
        return;
      }
      this.child = child;
      child.stderr.on("data", (d) => {
        this.stderr = (this.stderr + d).slice(-4000);
      });
      child.on("error", (err) => reject(this.fail(err)));
      child.on("exit", (code, signal) => {
        const err = this.fail(new Error(`\`${this.command} ${this.args[0]}\` stopped (${signal || `exit ${code}`})`));
        reject(err);
        for (const p of this.pending.values()) p.reject(err);
        this.pending.clear();
      });
      const lines = createInterface({ input: child.stdout });
      lines.on("line", (line) => {
        let msg;
        try {
          msg = JSON.parse(line);
        } catch {
          return; // not ours (a stray print); the protocol is one JSON object a line
        }
        if (msg.hello) {
          if (msg.hello.protocol !== PROTOCOL) {
            reject(this.fail(new Error(`\`${this.command}\` speaks batch protocol ${msg.hello.protocol}, ` +
              `remark-tiles needs ${PROTOCOL}: install matching versions`)));
          } else {
            this.hello = msg.hello;
            if (!this.pending.size) this.hold(false);
            resolve(msg.hello);
          }
          return;
        }
        const waiting = this.pending.get(msg.id);
        if (!waiting) return;
        this.pending.delete(msg.id);
        if (!this.pending.size) this.hold(false);
        if (msg.fatal) waiting.reject(new Error(`tiles batch: ${msg.fatal}`));
        else waiting.resolve(msg);
      });
      this.hold(true);
    });
    return this.ready;
  }

  /** Keep node alive only while answers are owed. */
  hold(on) {
    const c = this.child;
    if (!c) return;
    for (const s of [c, c.stdin, c.stdout, c.stderr]) {
      if (on) s.ref?.();
      else s.unref?.();
    }
  }

  fail(err) {
    if (this.failure) return this.failure;
    const hint =
      err.code === "ENOENT"
        ? `cannot run \`${this.command}\`: it is not on PATH. Install the tiles CLI into the docs ` +
          "repository (see the remark-tiles README), or give the `command` or `service` option."
        : err.message;
    const tail = this.stderr.trim() ? `\n${this.stderr.trim()}` : "";
    this.failure = new Error(`remark-tiles: ${hint}${tail}`);
    return this.failure;
  }

  async close() {
    if (!this.child || this.child.exitCode !== null) return;
    const done = new Promise((r) => this.child.once("exit", r));
    this.child.stdin.end();
    await done;
  }
}
