"use client";
import { useSWRConfig } from "swr";
import { api, SESSION_KEY } from "./api";
import { errorToast, toast } from "./toast";

/** Ends the session, forgets every cached answer and lets the gate show the login screen. */
export function useLogout() {
  const { mutate } = useSWRConfig();
  return async () => {
    try {
      await api.delete("/session");
      toast("success", "You have logged out");
    } catch (error) {
      // A session that is already gone is as good as logged out.
      if (!(error instanceof Error && "status" in error && error.status === 401)) errorToast(error);
    }
    await mutate((key) => key !== SESSION_KEY, undefined, { revalidate: false });
    await mutate(SESSION_KEY);
  };
}
