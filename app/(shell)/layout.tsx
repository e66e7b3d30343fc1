import type { ReactNode } from "react";
import { SignedInShell } from "@/components/shell/signed-in-shell";
import { initialSession } from "@/lib/server/initial-session";

export default async function ShellLayout({ children }: { children: ReactNode }) {
  return <SignedInShell session={await initialSession()}>{children}</SignedInShell>;
}
