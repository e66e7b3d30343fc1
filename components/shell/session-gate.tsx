"use client";
import { Button, Center, Loader } from "@mantine/core";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
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
  const t = useTranslations();

  if (error instanceof ApiRequestError && error.status === 401) return <LoginScreen />;
  if (error instanceof ApiRequestError) {
    return (
      <Oops
        title={t("shell.session.failedTitle")}
        text={t("shell.session.failed")}
        action={
          <Button mt="md" onClick={logout}>
            {t("shell.userMenu.logout")}
          </Button>
        }
      />
    );
  }
  if (error) return <Oops text={t("shell.session.unreachable")} />;
  // Not `isLoading`: it stays true while the session the page came with is asked again.
  if (!data) {
    return (
      <Center mih="100dvh">
        <PageTitle parts={[]} />
        <Loader aria-label={t("common.loading")} />
      </Center>
    );
  }
  return children(data);
}
