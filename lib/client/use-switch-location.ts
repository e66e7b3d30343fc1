"use client";
import { useSWRConfig } from "swr";
import { api, SESSION_KEY } from "./api";
import { errorToast, toast } from "./toast";
import type { SessionView } from "./use-session";

/**
 * Moves the session to a location (null for the organization level). Every cached
 * answer belonged to the old location, so all of it is dropped and refetched.
 */
export function useSwitchLocation() {
  const { mutate } = useSWRConfig();
  return async (location: string | null) => {
    try {
      const view = await api.patch<SessionView>(SESSION_KEY, { location });
      await mutate(SESSION_KEY, view, { revalidate: false });
      void mutate((key) => key !== SESSION_KEY, undefined, { revalidate: true });
      toast("success", "Your location has been updated");
    } catch (error) {
      errorToast(error);
    }
  };
}

/** Only a member tied to a location without admin is held to that location (the server answers 403). */
export function canSwitchLocation(session: SessionView) {
  return session.member.location === null || session.privileges.includes("admin");
}
