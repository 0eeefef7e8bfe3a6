// markdown-it renders synchronously; `tiles batch` is a process that answers
// over a pipe. A worker thread holds one `tiles batch` for the whole build and
// talks to it as remark-tiles does; a page's render posts all its requests to the
// worker and waits (Atomics.wait) until the answers are there. So Python starts
// once per build, not once per page, and a page costs one round trip.
import { MessageChannel, Worker, receiveMessageOnPort } from "node:worker_threads";

const clients = new Map();

/** The shared client for this command line; started on first use. */
export function batchFor({ command, args, timeout }) {
  const key = JSON.stringify([command, args]);
  if (!clients.has(key)) clients.set(key, new SyncBatch(command, args, timeout));
  return clients.get(key);
}

/** End every worker and its `tiles batch` (tests; a build never needs it). */
export async function closeAll() {
  await Promise.all([...clients.values()].map((c) => c.close()));
  clients.clear();
}

class SyncBatch {
  constructor(command, args, timeout = 600000) {
    this.command = command;
    this.args = args;
    this.timeout = timeout;
    this.worker = null;
    this.hello = null;
  }

  start() {
    if (this.worker) return;
    const { port1, port2 } = new MessageChannel();
    this.signal = new Int32Array(new SharedArrayBuffer(4));
    this.port = port1;
    this.worker = new Worker(new URL("./worker.js", import.meta.url), {
      workerData: { command: this.command, args: this.args, signal: this.signal, port: port2 },
      transferList: [port2],
    });
    this.worker.unref(); // a build ends when its work is done; the worker and its process end with it
  }

  /** {hello, answers}: the answers to `requests`, in their order, once their files are written. */
  askAll(requests) {
    this.start();
    Atomics.store(this.signal, 0, 0);
    this.port.postMessage({ requests });
    const waited = Atomics.wait(this.signal, 0, 0, this.timeout);
    const reply = receiveMessageOnPort(this.port);
    if (!reply) {
      const why = waited === "timed-out" ? `no answer within ${this.timeout} ms` : "the worker stopped";
      throw new Error(`markdown-it-tiles: \`${this.command} batch\`: ${why}`);
    }
    if (reply.message.error) throw new Error(reply.message.error);
    this.hello ||= reply.message.hello;
    return { hello: this.hello, answers: reply.message.answers };
  }

  async close() {
    if (!this.worker) return;
    const worker = this.worker;
    this.worker = null;
    this.port.postMessage({ close: true });
    await new Promise((resolve) => worker.once("exit", resolve));
  }
}
