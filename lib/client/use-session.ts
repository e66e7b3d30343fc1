"use client";
import useSWR from "swr";
import { api, SESSION_KEY } from "./api";
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
  return useSWR<SessionView>(SESSION_KEY, () => api.get<SessionView>(SESSION_KEY), {
    shouldRetryOnError: false,
    revalidateOnFocus: true,
  });
}
