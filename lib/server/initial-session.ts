import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import { getDb } from "@/db/client";
import type { SessionView } from "@/lib/client/use-session";
import { sessionView } from "@/lib/services/session";
import { stringifyJson } from "./json-text";
import { loadSession } from "./session";

/**
 * The page's own request as the API would see it at `path`: its cookie, its host and,
 * through request-info.ts, the same https rules; null when it carries no cookie.
 */
export async function pageRequestTo(path: string): Promise<Request | null> {
  const incoming = await headers();
  if (!incoming.has("cookie")) return null;
  return new Request(`http://${incoming.get("host") ?? "localhost"}${path}`, { headers: incoming });
}

/**
 * The session a page request carries, as GET /session answers it, so the screens
 * render signed in from the first response instead of after a round trip for it;
 * null without a valid one (the client then asks, and shows the login screen).
 * Read once per page request, however many of its layouts and pages ask.
 */
export const initialSession = cache(async (): Promise<SessionView | null> => {
  const req = await pageRequestTo("/");
  if (!req) return null;
  const db = await getDb();
  const session = await loadSession(db, req);
  if (!session) return null;
  return JSON.parse(stringifyJson(await sessionView(db, session))) as SessionView;
});
