"use client";
import type { ReactNode } from "react";
import { AppFrame } from "@/components/shell/app-frame";
import { SessionGate } from "@/components/shell/session-gate";

export default function ShellLayout({ children }: { children: ReactNode }) {
  return <SessionGate>{(session) => <AppFrame session={session}>{children}</AppFrame>}</SessionGate>;
}
