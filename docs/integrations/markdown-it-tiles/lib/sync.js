// markdown-it renders synchronously; `tiles batch` is a process that answers
// over a pipe. A worker thread holds one `tiles batch` for the whole build and
// talks to it as remark-tiles does; a page's render posts all its requests to the
// worker and waits (Atomics.wait) until the answers are there. So Python starts
// once per build, not once per page, and a page costs one round trip.
import { MessageChannel, Worker, receiveMessageOnPort } from "node:worker_threads";

const clients = new Map();
// signal[0]: WAITING while a reply is owed; the worker sets REPLIED, or STOPPED when it ends
export const WAITING = 0;
export const REPLIED = 1;
export const STOPPED = 2;
const START_TIMEOUT = 30000; // ms for the worker thread to run at all (not for `tiles batch`, which has `timeout`)

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
    this.asked = 0; // the number of the page's message last posted: its reply carries it back
  }

  start() {
    if (this.worker) return;
    const { port1, port2 } = new MessageChannel();
    this.signal = new Int32Array(new SharedArrayBuffer(8)); // [0]: the reply's state; [1]: 1 once the worker runs
    this.port = port1;
    this.started = Date.now();
    this.worker = new Worker(new URL("./worker.js", import.meta.url), {
      workerData: { command: this.command, args: this.args, signal: this.signal, port: port2 },
      transferList: [port2],
      execArgv: [], // not the page's own flags (node -e, --input-type): the worker needs none
    });
    this.worker.unref(); // a build ends when its work is done; the worker and its process end with it
  }

  /**
   * {hello, answers}: the answers to `requests`, in their order, once their files are written.
   * A reply to a page that gave up waiting (its timeout) comes later, and is dropped: each message
   * is numbered (`ask`), and only the reply with this one's number is this page's.
   */
  askAll(requests) {
    this.start();
    if (Atomics.load(this.signal, 0) === STOPPED) throw this.stopped();
    Atomics.store(this.signal, 0, WAITING);
    const ask = ++this.asked;
    this.port.postMessage({ ask, requests });
    const deadline = Date.now() + this.timeout;
    let reply;
    while (!(reply = receiveMessageOnPort(this.port)) || reply.message.ask !== ask) {
      if (reply) { // an earlier page's: dropped. The worker posts before it signals, so the next
        Atomics.compareExchange(this.signal, 0, REPLIED, WAITING); // receive finds a reply this hides
        continue;
      }
      if (Atomics.load(this.signal, 0) === STOPPED) throw this.stopped();
      if (!Atomics.load(this.signal, 1) && Date.now() - this.started > START_TIMEOUT) {
        throw new Error(`markdown-it-tiles: its worker thread did not start within ${START_TIMEOUT} ms`);
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`markdown-it-tiles: \`${this.command} batch\`: no answer within ${this.timeout} ms`);
      Atomics.wait(this.signal, 0, WAITING, Math.min(left, 1000));
    }
    if (reply.message.error) throw new Error(reply.message.error);
    this.hello ||= reply.message.hello;
    return { hello: this.hello, answers: reply.message.answers };
  }

  stopped() {
    return new Error(`markdown-it-tiles: the worker holding \`${this.command} batch\` stopped`);
  }

  async close() {
    if (!this.worker) return;
    const worker = this.worker;
    this.worker = null;
    worker.ref(); // held until it ends, or nothing would wait for its exit
    this.port.postMessage({ close: true });
    await new Promise((resolve) => worker.once("exit", resolve));
  }
}
