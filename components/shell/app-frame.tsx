"use client";
import { AppShell, Overlay } from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, type ReactNode } from "react";
import { useBrandColor } from "@/lib/client/brand-color";
import type { SessionView } from "@/lib/client/use-session";
import { MobileTopBar } from "./mobile-top-bar";
import { OrganizationIcon } from "./organization-icon";
import { QuickActionLauncher } from "./quick-action-launcher";
import { Sidebar } from "./sidebar";

const NAVBAR_WIDTH = 260;
const TOP_BAR_HEIGHT = 56;
/** Spec: mobile at 768 px or less. AppShell treats widths below the breakpoint as mobile. */
const NAVBAR_BREAKPOINT = 769;
const MOBILE_QUERY = "(max-width: 48em)";
// Below Mantine modals, popovers and spotlight (200+) so dialogs dim the sidebar too.
const LAYER = { overlay: 150, navbar: 180 };

/** The signed-in layout: fixed sidebar on desktop; top bar and a slide-in sidebar over an overlay on mobile. */
export function AppFrame({ session, children }: { session: SessionView; children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  // Read after hydration: the server renders the desktop frame, and the first client render must match it.
  const mobile = useMediaQuery(MOBILE_QUERY);
  const pathname = usePathname();
  const t = useTranslations();
  useEffect(close, [pathname, close]);
  useBrandColor(session.organization.color);

  return (
    <AppShell
      layout="alt"
      navbar={{ width: NAVBAR_WIDTH, breakpoint: NAVBAR_BREAKPOINT, collapsed: { mobile: !opened } }}
      header={{ height: TOP_BAR_HEIGHT, collapsed: !mobile }}
    >
      <OrganizationIcon image={session.organization.image} />
      {mobile && (
        <AppShell.Header>
          <MobileTopBar session={session} opened={opened} onToggle={toggle} />
        </AppShell.Header>
      )}
      <AppShell.Navbar
        zIndex={LAYER.navbar}
        aria-label={t("shell.frame.navigation")}
        // Keep the sidebar at its width on mobile instead of AppShell's full-width default.
        style={{ "--app-shell-navbar-width": `calc(${NAVBAR_WIDTH / 16}rem * var(--mantine-scale))` }}
      >
        <Sidebar session={session} />
      </AppShell.Navbar>
      {mobile && opened && <Overlay fixed zIndex={LAYER.overlay} backgroundOpacity={0.45} onClick={close} aria-hidden />}
      <AppShell.Main>{children}</AppShell.Main>
      <QuickActionLauncher atOrganizationLevel={session.location === null} />
    </AppShell>
  );
}
