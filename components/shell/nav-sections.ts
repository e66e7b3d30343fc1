import {
  IconAdjustments,
  IconBell,
  IconCalendarTime,
  IconCalendarUser,
  IconLayoutDashboard,
  IconLayoutKanban,
  IconUserCircle,
  type Icon,
} from "@tabler/icons-react";
import { CONVERSATION, CUSTOMER, FILE, LOCATION, MEMBER, ORGANIZATION, PRICE_ITEM, PROJECT, QUOTE, INVOICE, PROJECT_TYPE, ROLE, navLink } from "@/components/entities";

/** A sidebar link; `key` is its catalogue key, which Quick action finds it by too. */
export type SidebarLink = { key: string; href: string; icon: Icon };
export type NavSection = {
  /** The catalogue key of the section's heading. */
  key: string;
  links: SidebarLink[];
  /** Shown only at organization level (no location selected). */
  organizationOnly?: boolean;
  /** Home carries the notifications popover above its links. */
  withNotifications?: boolean;
};

/** The sidebar of spec §2; Quick action finds screens by the same names. */
export const NAV_SECTIONS: NavSection[] = [
  {
    key: "shell.nav.section.home",
    withNotifications: true,
    links: [
      { key: "shell.nav.link.dashboard", href: "/", icon: IconLayoutDashboard },
      { key: "shell.nav.link.myDay", href: "/schedule/me", icon: IconCalendarUser },
    ],
  },
  {
    key: "shell.nav.section.customers",
    links: [
      { ...navLink(CONVERSATION), key: "shell.nav.link.conversations" },
      { ...navLink(CUSTOMER), key: "shell.nav.link.customers" },
      { ...navLink(QUOTE), key: "shell.nav.link.quotes" },
      { ...navLink(INVOICE), key: "shell.nav.link.invoices" },
    ],
  },
  {
    key: "shell.nav.section.projects",
    links: [
      { key: "shell.nav.link.board", href: "/dnd", icon: IconLayoutKanban },
      { key: "shell.nav.link.schedule", href: "/schedule", icon: IconCalendarTime },
      { ...navLink(PROJECT), key: "shell.nav.link.projects" },
      { ...navLink(PROJECT_TYPE), key: "shell.nav.link.projectTypes" },
      { ...navLink(PRICE_ITEM), key: "shell.nav.link.priceBook" },
    ],
  },
  {
    key: "shell.nav.section.administration",
    links: [
      { ...navLink(MEMBER), key: "shell.nav.link.members" },
      { ...navLink(ROLE), key: "shell.nav.link.roles" },
      { ...navLink(FILE), key: "shell.nav.link.files" },
    ],
  },
  {
    key: "shell.nav.section.organization",
    organizationOnly: true,
    links: [
      { ...navLink(LOCATION), key: "shell.nav.link.locations" },
      { key: "shell.nav.link.settings", href: ORGANIZATION.path, icon: ORGANIZATION.icon },
    ],
  },
];

/** Screens reached from the user menu, also offered by Quick action. */
export const PERSONAL_SCREENS: SidebarLink[] = [
  { key: "shell.quickAction.profileSettings", href: "/settings", icon: IconUserCircle },
  { key: "shell.quickAction.notificationSettings", href: "/settings/notifications", icon: IconBell },
  { key: "shell.userMenu.theme", href: "/settings/theme", icon: IconAdjustments },
];

export function visibleSections(atOrganizationLevel: boolean) {
  return NAV_SECTIONS.filter((section) => atOrganizationLevel || !section.organizationOnly);
}

const leadsTo = (pathname: string, href: string) => (href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`));

/** Whether a link is the page's: the link whose path is the longest that leads to it (My day under Schedule lights only My day). */
export function isActive(pathname: string, href: string) {
  return (
    leadsTo(pathname, href) &&
    !NAV_SECTIONS.some((section) => section.links.some((link) => link.href.length > href.length && leadsTo(pathname, link.href)))
  );
}
