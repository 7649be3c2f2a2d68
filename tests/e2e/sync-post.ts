import { MessageChannel, receiveMessageOnPort, Worker } from "node:worker_threads";

/** The answer to a POST: whether it was 2xx, and its body (the error's text when the request failed). */
export type PostAnswer = { ok: boolean; text: string };

/** Runs each POST it is handed, then wakes the waiting thread. */
const POSTER = `
const { parentPort } = require("node:worker_threads");
parentPort.on("message", async ({ url, body, port, signal }) => {
  let answer;
  try {
    const response = await fetch(url, { method: "POST", body });
    answer = { ok: response.ok, text: await response.text() };
  } catch (error) {
    answer = { ok: false, text: String(error) };
  }
  port.postMessage(answer);
  port.close();
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
});
`;

/** How long one POST may take before the caller stops waiting (the SQL door answers in milliseconds). */
const CAP_MS = 60_000;

let poster: Worker | undefined;

/**
 * A POST that blocks until its answer, for helpers that stay synchronous (`queryE2E`): one worker thread of this
 * process sends it while this thread waits on a shared flag. It replaces a Node process started per query (about
 * 0.15 s of CPU each, seconds on a busy machine).
 */
export function postSync(url: string, body: string): PostAnswer {
  if (!poster) {
    poster = new Worker(POSTER, { eval: true });
    poster.unref();
  }
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  poster.postMessage({ url, body, port: port2, signal }, [port2]);
  const waited = Atomics.wait(signal, 0, 0, CAP_MS);
  const received = receiveMessageOnPort(port1);
  port1.close();
  if (!received) throw new Error(`no answer from ${url} (${waited === "timed-out" ? `${CAP_MS} ms passed` : waited})`);
  return received.message as PostAnswer;
}
