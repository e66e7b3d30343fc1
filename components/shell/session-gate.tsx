"use client";
import { Button, Center, Loader } from "@mantine/core";
import dynamic from "next/dynamic";
import type { ReactNode } from "react";
import { ApiRequestError } from "@/lib/client/api";
import { useLogout } from "@/lib/client/use-logout";
import { useSession, type SessionView } from "@/lib/client/use-session";
import { Oops } from "./oops";
import { PageTitle } from "./page-title";

// Loaded only when the session has ended: signed-in screens need neither it nor its form validation.
const LoginScreen = dynamic(() => import("@/components/auth/login-screen").then((module) => module.LoginScreen));

/** Renders its children only with a valid session; otherwise login or a start-up failure. */
export function SessionGate({ children }: { children: (session: SessionView) => ReactNode }) {
  const { data, error } = useSession();
  const logout = useLogout();

  if (error instanceof ApiRequestError && error.status === 401) return <LoginScreen />;
  if (error instanceof ApiRequestError) {
    return (
      <Oops
        title="Failed to load session"
        text="Your session could not be loaded."
        action={
          <Button mt="md" onClick={logout}>
            Log out
          </Button>
        }
      />
    );
  }
  if (error) return <Oops title="Oops!" text="Could not connect to the servers" />;
  // Not `isLoading`: it stays true while the session the page came with is asked again.
  if (!data) {
    return (
      <Center mih="100dvh">
        <PageTitle parts={[]} />
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  return children(data);
}
