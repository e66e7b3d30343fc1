"use client";
import type { ReactNode } from "react";
import { SessionGate } from "@/components/shell/session-gate";
import { TopBar } from "@/components/shell/top-bar";

export default function ShellLayout({ children }: { children: ReactNode }) {
  return (
    <SessionGate>
      {(session) => (
        <>
          <TopBar session={session} />
          <main>{children}</main>
        </>
      )}
    </SessionGate>
  );
}
