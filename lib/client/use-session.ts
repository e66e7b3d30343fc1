"use client";
import useSWR, { useSWRConfig } from "swr";
import { api, ApiRequestError, SESSION_KEY } from "./api";
import type { Privilege } from "@/lib/schemas/constants";
import type { Jsonify } from "@/lib/schemas/jsonify";
import type { sessionView } from "@/lib/services/session";

/** The session as GET /session answers it. */
export type SessionView = Jsonify<Awaited<ReturnType<typeof sessionView>>>;

/** Whether the session holds a privilege; admin holds them all (ARCHITECTURE.md §4). */
export const holds = (session: SessionView, privilege: Privilege) =>
  session.privileges.some((held) => held === privilege || held === "admin");

/** Whether the session may take an action that needs `privilege` (none: every active member may). */
export const mayAct = (session: SessionView, privilege?: Privilege) => !privilege || holds(session, privilege);

export function useSession() {
  const { cache } = useSWRConfig();
  return useSWR<SessionView>(
    SESSION_KEY,
    async () => {
      const held = cache.get(SESSION_KEY)?.data;
      try {
        return await api.get<SessionView>(SESSION_KEY);
      } catch (error) {
        // Put in place while this was asked (a log-in, a sign-up, an accepted invitation), a
        // session is newer than this refusal, which would otherwise undo it: asked again.
        // (SWR drops an older answer after such a change, but not an older error.)
        const now = cache.get(SESSION_KEY)?.data;
        if (error instanceof ApiRequestError && error.status === 401 && now !== undefined && now !== held) return api.get<SessionView>(SESSION_KEY);
        throw error;
      }
    },
    { shouldRetryOnError: false, revalidateOnFocus: true },
  );
}
