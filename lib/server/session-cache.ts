import "server-only";
import { listenToDatabase } from "@/db/client";

/**
 * Sessions as the database last answered for them, kept for a few seconds so a
 * member's burst of requests does not read the same rows for each one. It is
 * correct only while the database can tell this instance that something changed:
 * whatever could end or narrow a session (migration 0013) notifies every
 * listening instance on commit, and each drops all it keeps. Until the listener
 * is connected, and whenever it is lost, nothing is kept. This instance's own
 * writes also drop it at once (`forgetSessions`, called by the route kernel after
 * every write request), without waiting for its notification.
 */
const CHANNEL = "craftdesk_session_change";
const KEEP_MS = 5_000;
const MAX_ENTRIES = 10_000;

type Entry<Row> = { row: Row; until: number };

type State = {
  entries: Map<string, Entry<unknown>>;
  listening: boolean;
  registered: boolean;
  /** Counts everything that dropped the entries, so a read that started before one is not kept. */
  epoch: number;
};
const state = globalThis as unknown as { __craftdeskSessions?: State };
const sessions = (state.__craftdeskSessions ??= { entries: new Map(), listening: false, registered: false, epoch: 0 });

// Listening starts with the database (this opens nothing), so the first requests can be kept.
if (!sessions.registered) {
  sessions.registered = true;
  listenToDatabase(CHANNEL, {
    notified: forgetSessions,
    listening(yes) {
      forgetSessions();
      sessions.listening = yes;
    },
  });
}

export function forgetSessions(): void {
  sessions.entries.clear();
  sessions.epoch += 1;
}

/** The row kept for a session id, or what `load` reads (kept while the listener is connected). */
export async function cachedSession<Row>(sid: string, load: () => Promise<Row | undefined>): Promise<Row | undefined> {
  const now = Date.now();
  const hit = sessions.entries.get(sid) as Entry<Row> | undefined;
  if (hit && hit.until > now) return hit.row;
  const epoch = sessions.epoch;
  const row = await load();
  if (row !== undefined && sessions.listening && epoch === sessions.epoch) {
    sessions.entries.set(sid, { row, until: now + KEEP_MS });
    if (sessions.entries.size > MAX_ENTRIES) sessions.entries.delete(sessions.entries.keys().next().value!);
  }
  return row;
}

/** Replaces what is kept for a session after this instance wrote its row. */
export function updateCachedSession<Row>(sid: string, row: Row): void {
  const hit = sessions.entries.get(sid);
  if (hit) hit.row = row;
}
