"use client";
import type { ReactNode } from "react";
import { SWRConfig } from "swr";
import { SESSION_KEY } from "@/lib/client/api";
import type { SessionView } from "@/lib/client/use-session";
import { memberLocale } from "@/lib/i18n/locales";
import { AppFrame } from "./app-frame";
import { LocaleSync } from "./locale-sync";
import { SessionGate } from "./session-gate";

/**
 * The app frame around every screen, behind the session gate. The session the
 * page was served with is the session's first answer; it is still asked again.
 */
export function SignedInShell({ session, children }: { session: SessionView | null; children: ReactNode }) {
  return (
    <SWRConfig value={{ fallback: session ? { [SESSION_KEY]: session } : {} }}>
      <SessionGate>
        {(current) => (
          <>
            <LocaleSync language={memberLocale(current.member.language, current.organization.language)} />
            <AppFrame session={current}>{children}</AppFrame>
          </>
        )}
      </SessionGate>
    </SWRConfig>
  );
}
