"use client";
import useSWR from "swr";
import { api, SESSION_KEY } from "./api";

export type SessionView = {
  organization: { id: string; name: string; color: string; image: string | null; language: string };
  member: { id: string; name: string; email: string; image: string | null; role: string; location: string | null };
  location: { id: string; name: string } | null;
  /** Locations this member may switch to, by name. */
  locations: { id: string; name: string }[];
  privileges: string[];
};

/** Whether the session holds a privilege; admin holds them all (ARCHITECTURE.md §4). */
export const holds = (session: SessionView, privilege: string) =>
  session.privileges.includes(privilege) || session.privileges.includes("admin");

export function useSession() {
  return useSWR<SessionView>(SESSION_KEY, () => api.get<SessionView>(SESSION_KEY), {
    shouldRetryOnError: false,
    revalidateOnFocus: true,
  });
}
