import "server-only";
import { randomUUID } from "node:crypto";
import type PgBoss from "pg-boss";
import { beforeDbClose, getSqlExecutor } from "@/db/client";
import { log } from "./log";

/*
 * Background jobs: pg-boss 10 on the app's own database (the pg pool on Postgres,
 * the one PGlite connection otherwise). Jobs are rows, so they outlive a restart,
 * retry with backoff, and each is taken by one instance only.
 *
 *   // Define at module level, once per name; every process that starts jobs and
 *   // imports the module works it (lib/services/jobs.ts imports them all).
 *   // So lib/services/messaging/mailbox/sync-job.ts defines one organization's mailbox sync:
 *   const syncJob = defineJob<{ organizationId: string }>("sync-mailbox", async ({ organizationId }, job) => {
 *     ...            // throw to fail: retried after retryDelay s (doubling with retryBackoff)
 *   }, { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 10 * 60 });
 *
 *   // After the request's transaction has committed (never inside it):
 *   await syncJob.send({ organizationId }, { singletonKey: organizationId });
 *
 *   // Periodic: the job runs once per cron tick across all instances (UTC).
 *   scheduleJob(defineJob("sync-mailboxes", async () => { ... }), "* * * * *");
 *
 * The jobs defined today: deliver-message and delivery-sweep (lib/services/messaging/delivery.ts),
 * sync-mailbox and sync-mailboxes (lib/services/messaging/mailbox/sync-job.ts), send-digests
 * (lib/services/jobs.ts).
 *
 * - send resolves with the job's id, or null when a job with the same singletonKey
 *   is still waiting to start (it will do the work). startAfter: seconds, or a Date.
 * - A job sent here starts at once on this process's worker; others are found by
 *   polling every two seconds. Handlers must be safe to run again (a crash in the
 *   middle of one leads to a retry once it expires).
 * - startJobs() opens the database if needed, creates the queues, starts the
 *   workers and the schedules; instrumentation.ts calls it at server start. A
 *   process that sends before starting (a script, a test) starts itself, without
 *   the schedules. stopJobs() lets running handlers finish; closeDb() calls it.
 * - jobsSettled() (tests) resolves once every job this process sent has finished
 *   here, retries included; a job sent to start more than a minute later is not waited for.
 */

export type JobInfo = { id: string; retryCount: number };
export type JobHandler<T> = (data: T, job: JobInfo) => Promise<void>;
export type JobOptions = {
  /** Retries after a failure (default 2). */
  retryLimit?: number;
  /** Seconds before a retry (default 0). */
  retryDelay?: number;
  /** Doubles the delay at each retry, with jitter. */
  retryBackoff?: boolean;
  /** A handler running longer fails (and may be retried); default 15 minutes. */
  expireInSeconds?: number;
  /** Jobs of this name run at once in one process (default 1). */
  concurrency?: number;
};
/** What a scheduled sweep looks at: every organization, or one (an operator's run, or a test beside others on one database). */
export type SweepScope = { organizationId?: string };
export type SendOptions = { singletonKey?: string; startAfter?: number | Date };
export type Job<T> = { readonly name: string; send(data: T, options?: SendOptions): Promise<string | null> };
export type StartOptions = {
  schedules?: boolean;
  workers?: boolean;
  /** How often idle workers look for due jobs (default 2 s); a job sent in this process wakes one at once. */
  pollSeconds?: number;
};

type Definition = { name: string; handler: JobHandler<never>; options: JobOptions; cron?: string };
type Slot = { id: string; busy: boolean };
type Running = {
  boss: PgBoss;
  mode: Required<StartOptions>;
  /** Per job name: its queue exists and its workers (if any) are registered. */
  queues: Map<string, Promise<Slot[]>>;
};
type State = {
  definitions: Map<string, Definition>;
  starting?: Promise<Running>;
  /** Set once started, until stopped. */
  running?: Running;
  /** Jobs sent from here and not yet finished here. */
  outstanding: Set<string>;
  sending: number;
  handlers: Set<Promise<unknown>>;
  statements: Set<Promise<unknown>>;
  waiters: Set<() => void>;
};

// On globalThis: Next.js may load this module once for instrumentation and again
// for the routes, and dev reloads it; there is one pg-boss per process.
const holder = globalThis as unknown as { __craftdeskJobs?: State };
const state: State = (holder.__craftdeskJobs ??= {
  definitions: new Map(),
  outstanding: new Set(),
  sending: 0,
  handlers: new Set(),
  statements: new Set(),
  waiters: new Set(),
});

const POLL_SECONDS = 2;
const schemaName = () => process.env.JOBS_SCHEMA || "pgboss";

function changed() {
  for (const wake of state.waiters) wake();
  state.waiters.clear();
}

function track<T>(set: Set<Promise<unknown>>, promise: Promise<T>): Promise<T> {
  set.add(promise);
  const forget = () => set.delete(promise);
  promise.then(forget, forget);
  return promise;
}

/** Declares a job; the same name again (a reload) replaces its handler. */
export function defineJob<T extends object = Record<string, never>>(name: string, handler: JobHandler<T>, options: JobOptions = {}): Job<T> {
  const definition: Definition = { name, handler: handler as JobHandler<never>, options, cron: state.definitions.get(name)?.cron };
  state.definitions.set(name, definition);
  void state.starting?.then((running) => queueOf(running, name)).catch(() => {});
  return {
    name,
    async send(data, sendOptions = {}) {
      state.sending += 1;
      try {
        const running = await (state.starting ?? boot({ schedules: false, workers: true, pollSeconds: POLL_SECONDS }));
        const slots = await queueOf(running, name);
        const id = randomUUID();
        // Without a key of its own a job is unique; the queues' "short" policy makes
        // a key stand for "one waiting job".
        const sent = await running.boss.send(name, data, {
          id,
          singletonKey: sendOptions.singletonKey ?? id,
          ...(sendOptions.startAfter !== undefined ? { startAfter: sendOptions.startAfter } : {}),
        });
        // One due later than a minute from now is not waited for: it is planned, not under way.
        const later = sendOptions.startAfter instanceof Date ? sendOptions.startAfter.getTime() - Date.now() > 60_000 : (sendOptions.startAfter ?? 0) > 60;
        if (sent && slots.length > 0 && !later) {
          state.outstanding.add(sent);
          wake(running, slots);
        }
        return sent;
      } finally {
        state.sending -= 1;
        changed();
      }
    },
  };
}

/** Runs `job` on a cron schedule (UTC), once per tick across all instances. */
export function scheduleJob(job: Job<Record<string, never>>, cron: string): void {
  const definition = state.definitions.get(job.name);
  if (!definition) throw new Error(`No job named ${job.name}`);
  definition.cron = cron;
}

/** Starts pg-boss on the app's database, its queues, workers and schedules. The first start in a process decides. */
export async function startJobs(options: StartOptions = {}): Promise<void> {
  await (state.starting ??
    boot({ schedules: options.schedules ?? true, workers: options.workers ?? true, pollSeconds: options.pollSeconds ?? POLL_SECONDS }));
}

function boot(mode: Required<StartOptions>): Promise<Running> {
  const starting = (async () => {
    const { default: Boss } = await import("pg-boss");
    const sql = await getSqlExecutor();
    const boss = new Boss({
      db: { executeSql: (text: string, values: unknown[]) => track(state.statements, sql.executeSql(text, values)) },
      schema: schemaName(),
      schedule: mode.schedules,
      pollingIntervalSeconds: mode.pollSeconds,
    });
    boss.on("error", (error) => log().error({ err: error }, "[jobs] pg-boss error"));
    await boss.start();
    const running: Running = { boss, mode, queues: new Map() };
    for (const name of state.definitions.keys()) await queueOf(running, name);
    if (mode.schedules) {
      // A schedule no longer defined here would keep adding jobs nobody works.
      for (const { name } of await boss.getSchedules()) {
        if (!state.definitions.get(name)?.cron) await boss.unschedule(name);
      }
    }
    return running;
  })();
  state.starting = starting;
  void starting.then((running) => {
    if (state.starting === starting) state.running = running;
  }, () => {});
  beforeDbClose(stopJobs);
  starting.catch((error) => {
    if (state.starting === starting) state.starting = undefined;
    log().error({ err: error }, "[jobs] could not start");
  });
  return starting;
}

function queueOf(running: Running, name: string): Promise<Slot[]> {
  let ready = running.queues.get(name);
  if (!ready) {
    ready = createQueue(running, name);
    running.queues.set(name, ready);
    ready.catch(() => running.queues.delete(name));
  }
  return ready;
}

/**
 * Instances starting at once create the same queues (each a partition of pg-boss's job
 * table) side by side, which can deadlock; PostgreSQL ends one of them, which tries again.
 */
async function despiteDeadlocks<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if ((error as { code?: string }).code !== "40P01" || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}

async function createQueue({ boss, mode }: Running, name: string): Promise<Slot[]> {
  const { options, cron } = state.definitions.get(name)!;
  const queue = {
    name,
    policy: "short" as const,
    ...(options.retryLimit !== undefined ? { retryLimit: options.retryLimit } : {}),
    ...(options.retryDelay !== undefined ? { retryDelay: options.retryDelay } : {}),
    ...(options.retryBackoff !== undefined ? { retryBackoff: options.retryBackoff } : {}),
    ...(options.expireInSeconds !== undefined ? { expireInSeconds: options.expireInSeconds } : {}),
  };
  await despiteDeadlocks(async () => {
    await boss.createQueue(name, queue);
    // An existing queue keeps what it was created with; the definition in the code wins.
    await boss.updateQueue(name, queue);
    if (mode.schedules && cron) await boss.schedule(name, cron, {}, { tz: "UTC" });
  });
  if (!mode.workers) return [];
  const slots: Slot[] = [];
  for (let i = 0; i < Math.max(1, options.concurrency ?? 1); i += 1) {
    const slot: Slot = { id: "", busy: false };
    slot.id = await boss.work<object>(name, { includeMetadata: true, batchSize: 1 }, ([job]) => run(slot, job));
    slots.push(slot);
  }
  return slots;
}

/** An idle worker fetches at once; busy ones fetch again as soon as they finish. */
function wake({ boss }: Running, slots: Slot[]) {
  const idle = slots.find((slot) => !slot.busy);
  for (const slot of idle ? [idle] : slots) boss.notifyWorker(slot.id);
}

async function run(slot: Slot, job: PgBoss.JobWithMetadata<object>): Promise<void> {
  const definition = state.definitions.get(job.name);
  if (!definition) throw new Error(`No job named ${job.name}`);
  slot.busy = true;
  const done = (final: boolean) => {
    slot.busy = false;
    if (final && state.outstanding.delete(job.id)) changed();
  };
  const handling = track(state.handlers, (definition.handler as JobHandler<object>)(job.data, { id: job.id, retryCount: job.retryCount }));
  try {
    await handling;
    done(true);
  } catch (error) {
    const final = job.retryCount >= job.retryLimit;
    log().error({ err: error }, `[jobs] ${job.name} ${job.id} failed${final ? "" : ", to be retried"}`);
    done(final);
    throw error;
  }
}

/** Whether this process has started its job workers and schedules and not stopped them (readiness). */
export function jobsRunning(): boolean {
  return state.running !== undefined;
}

/** Resolves once every job this process sent (and the jobs those sent) has finished here. */
export async function jobsSettled(): Promise<void> {
  while (state.sending > 0 || state.outstanding.size > 0) {
    await new Promise<void>((resolve) => state.waiters.add(resolve));
  }
}

/** Stops fetching, lets running handlers finish, and waits for pg-boss's last statements. */
export async function stopJobs(): Promise<void> {
  const starting = state.starting;
  if (!starting) return;
  state.starting = undefined;
  state.running = undefined;
  const running = await starting.catch(() => undefined);
  if (running) await running.boss.stop({ graceful: true, wait: true, close: false, timeout: 30_000 });
  // A fetch already under way may still hand a worker a job: wait for that too.
  do {
    await Promise.allSettled([...state.handlers, ...state.statements]);
    await new Promise((resolve) => setImmediate(resolve));
  } while (state.handlers.size > 0 || state.statements.size > 0);
  state.outstanding.clear();
  changed();
}
