"use client";
import { useHotkeys } from "@mantine/hooks";
import dynamic from "next/dynamic";
import { useState } from "react";

// Loaded on the first meta+K: the dialog is not needed to draw a screen.
const QuickAction = dynamic(() => import("./quick-action").then((module) => module.QuickAction), { ssr: false });

/** meta+K opens the quick action dialog; once loaded, the dialog answers the shortcut itself. */
export function QuickActionLauncher({ atOrganizationLevel }: { atOrganizationLevel: boolean }) {
  const [wanted, setWanted] = useState(false);
  // Also from inside a form field, as the dialog itself: meta+K is never typing.
  useHotkeys([["mod+K", () => setWanted(true)]], []);
  return wanted ? <QuickAction atOrganizationLevel={atOrganizationLevel} openOnMount /> : null;
}
