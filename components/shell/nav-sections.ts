import {
  IconAdjustments,
  IconBell,
  IconLayoutDashboard,
  IconLayoutKanban,
  IconUserCircle,
  type Icon,
} from "@tabler/icons-react";
import { CONVERSATION, CUSTOMER, FILE, LOCATION, MEMBER, ORGANIZATION, PROJECT, PROJECT_TYPE, ROLE, navLink } from "@/components/entities";

export type NavLinkItem = { label: string; href: string; icon: Icon };
export type NavSection = {
  label: string;
  links: NavLinkItem[];
  /** Shown only at organization level (no location selected). */
  organizationOnly?: boolean;
  /** Home carries the notifications popover above its links. */
  withNotifications?: boolean;
};

/** The sidebar of spec §2; Quick action finds screens by the same names. */
export const NAV_SECTIONS: NavSection[] = [
  { label: "Home", withNotifications: true, links: [{ label: "Dashboard", href: "/", icon: IconLayoutDashboard }] },
  {
    label: "Customers",
    links: [
      navLink(CONVERSATION),
      navLink(CUSTOMER),
    ],
  },
  {
    label: "Projects",
    links: [
      { label: "Board", href: "/dnd", icon: IconLayoutKanban },
      navLink(PROJECT),
      navLink(PROJECT_TYPE),
    ],
  },
  {
    label: "Administration",
    links: [
      navLink(MEMBER),
      navLink(ROLE),
      navLink(FILE),
    ],
  },
  {
    label: "Organization",
    organizationOnly: true,
    links: [
      navLink(LOCATION),
      { label: "Settings", href: ORGANIZATION.path, icon: ORGANIZATION.icon },
    ],
  },
];

/** Screens reached from the user menu, also offered by Quick action. */
export const PERSONAL_SCREENS: NavLinkItem[] = [
  { label: "Profile settings", href: "/settings", icon: IconUserCircle },
  { label: "Notification settings", href: "/settings/notifications", icon: IconBell },
  { label: "Theme", href: "/settings/theme", icon: IconAdjustments },
];

export function visibleSections(atOrganizationLevel: boolean) {
  return NAV_SECTIONS.filter((section) => atOrganizationLevel || !section.organizationOnly);
}

export function isActive(pathname: string, href: string) {
  return href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`);
}
