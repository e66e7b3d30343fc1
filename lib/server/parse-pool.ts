import "server-only";
import type { MessageValues } from "@/lib/i18n/zod-issue";
import os from "node:os";
import { Worker } from "node:worker_threads";
import { ApiError } from "./errors";
import { ownBuffer } from "./form-parts";
import type { ParseAnswers, ParseTask } from "./parse-tasks";

/*
 * Spreadsheets, CSV and raw emails are parsed in a small pool of worker threads, so
 * a hostile file costs its own request, never the event loop every other request
 * needs. Each worker has a heap limit and each task a deadline: a worker that runs
 * out of memory or time is ended, its request refused with a reason, and the next
 * task starts a fresh one.
 */

/** Why a worker could not finish a task, in words that complete "could not be read: …". */
export class ParseLimitError extends Error {
  constructor(
    readonly reason: "timeout" | "memory" | "failed",
    message: string,
    /** The time a worker has, for a timeout. */
    readonly limitMs = 0,
  ) {
    super(message);
    this.name = "ParseLimitError";
  }

  /** The values of a message that says why ("it takes longer than 0.2 seconds"): reason, unit and amount. */
  get values(): MessageValues {
    const ms = this.limitMs;
    return ms < 100 ? { reason: this.reason, unit: "ms", amount: ms } : { reason: this.reason, unit: "s", amount: Math.round(ms / 100) / 10 };
  }
}

const WORKERS = Math.max(1, Math.min(2, os.availableParallelism()));
/** Tasks that may wait for a worker; past them the server is busy (503). */
const MAX_WAITING = 64;
/** A worker with nothing to do for this long is ended; the next task starts another. */
const IDLE_MS = 60_000;

/** Read when a task or worker starts: tests and operators set them in the environment. */
const timeoutMs = () => Number(process.env.PARSE_TIMEOUT_MS || 30_000);
/** A multipart body takes time in proportion to its bytes, which the route has bounded: not the files' own limit. */
const FORM_TIMEOUT_MS = 30_000;
const deadlineOf = (task: ParseTask) => (task.kind === "form" ? FORM_TIMEOUT_MS : timeoutMs());
const memoryMb = () => Number(process.env.PARSE_MEMORY_MB || 1024);

type Job = {
  task: ParseTask;
  transfer: ArrayBuffer[];
  resolve: (answer: unknown) => void;
  reject: (error: Error) => void;
};
type Slot = { worker: Worker; memoryMb: number; job: Job | null; deadline?: NodeJS.Timeout; idle?: NodeJS.Timeout };
type Pool = { slots: Set<Slot>; waiting: Job[] };

// On globalThis: Next.js may load this module more than once per process, and there is one pool.
const holder = globalThis as unknown as { __craftdeskParsePool?: Pool };
const pool: Pool = (holder.__craftdeskParsePool ??= { slots: new Set(), waiting: [] });

/**
 * Under Vitest and tsx scripts the entry is TypeScript source: the worker loads it
 * through tsx's loaders, with the conditions server code is built with.
 */
const FROM_SOURCE = `Promise.all([import("tsx/esm/api"), import("tsx/cjs/api")])
  .then(([esm, cjs]) => { esm.register(); cjs.register(); return import(require("node:worker_threads").workerData.entry); })
  .catch((error) => { console.error(error); process.exit(1); });`;

function spawn(heapMb: number): Worker {
  const options = { resourceLimits: { maxOldGenerationSizeMb: heapMb, stackSizeMb: 4 } };
  // Next.js (Turbopack) bundles an entry given this way, and what it imports, into a script of its own.
  if (process.env.NEXT_RUNTIME) return new Worker(new URL("./parse-worker.ts", import.meta.url), options);
  const entry = import.meta.url.replace(/[^/]*$/, "parse-worker.ts");
  return new Worker(FROM_SOURCE, { ...options, eval: true, workerData: { entry }, execArgv: ["--conditions=react-server"] });
}

function start(): Slot {
  const heapMb = memoryMb();
  const worker = spawn(heapMb);
  const slot: Slot = { worker, memoryMb: heapMb, job: null };
  worker.on("message", (reply: { answer: unknown } | { failed: string }) => {
    if (!pool.slots.has(slot)) return;
    const job = finish(slot);
    if (!job) return;
    if ("answer" in reply) job.resolve(reply.answer);
    else job.reject(new ParseLimitError("failed", "it could not be read"));
    next();
  });
  worker.on("error", (error: Error & { code?: string }) => {
    const outOfMemory = error.code === "ERR_WORKER_OUT_OF_MEMORY";
    end(slot, new ParseLimitError(outOfMemory ? "memory" : "failed", outOfMemory ? "it needs more memory to read than the server allows" : "it could not be read"));
  });
  worker.on("exit", () => end(slot, new ParseLimitError("failed", "it could not be read")));
  pool.slots.add(slot);
  return slot;
}

/** The slot's job, now done: the worker waits for the next one (and ends after a while without). */
function finish(slot: Slot): Job | null {
  const job = slot.job;
  clearTimeout(slot.deadline);
  slot.job = null;
  slot.worker.unref();
  slot.idle = setTimeout(() => end(slot, null), IDLE_MS);
  slot.idle.unref();
  return job;
}

/** Ends a worker for good, failing the job it had. */
function end(slot: Slot, failure: ParseLimitError | null) {
  if (!pool.slots.delete(slot)) return;
  clearTimeout(slot.deadline);
  clearTimeout(slot.idle);
  const job = slot.job;
  slot.job = null;
  void slot.worker.terminate();
  if (job && failure) job.reject(failure);
  next();
}

/** Ends an idle worker. */
function retire(slot: Slot) {
  pool.slots.delete(slot);
  clearTimeout(slot.idle);
  void slot.worker.terminate();
}

function run(slot: Slot, job: Job) {
  clearTimeout(slot.idle);
  slot.job = job;
  // A busy worker keeps the process alive (a script waiting for its answer); an idle one does not.
  slot.worker.ref();
  const ms = deadlineOf(job.task);
  const limit = ms < 100 ? `${ms} ms` : `${Math.round(ms / 100) / 10} seconds`;
  slot.deadline = setTimeout(() => end(slot, new ParseLimitError("timeout", `it takes longer than ${limit} to read`, ms)), ms);
  slot.worker.postMessage(job.task, job.transfer);
}

/** Hands waiting tasks to idle workers, starting workers up to the pool's size. */
function next() {
  while (pool.waiting.length > 0) {
    const idle = [...pool.slots].filter((candidate) => !candidate.job);
    let slot = idle.find((candidate) => candidate.memoryMb === memoryMb());
    if (!slot) {
      // An idle worker started with another heap limit (PARSE_MEMORY_MB changed) makes way for one with this limit.
      if (idle[0]) retire(idle[0]);
      if (pool.slots.size >= WORKERS) return;
      slot = start();
    }
    run(slot, pool.waiting.shift()!);
  }
}

const busy = () => new ApiError(503, "errors.parseBusy", {}, { "Retry-After": "60" });

/**
 * Parses in a worker: the answer (the value, or why the input was refused), or a
 * ParseLimitError when the worker ran out of time or memory. The bytes are moved
 * to the worker: the caller must not use them afterwards.
 */
export function parseOffThread<T extends ParseTask>(task: T): Promise<ParseAnswers[T["kind"]]> {
  if (pool.waiting.length >= MAX_WAITING) return Promise.reject(busy());
  const bytes = ownBuffer(task.bytes);
  return new Promise((resolve, reject) => {
    pool.waiting.push({ task: { ...task, bytes }, transfer: [bytes.buffer], resolve: resolve as (answer: unknown) => void, reject });
    next();
  });
}
