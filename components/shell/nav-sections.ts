import {
  IconAdjustments,
  IconBell,
  IconBuildingStore,
  IconCategory,
  IconFiles,
  IconFolders,
  IconLayoutDashboard,
  IconLayoutKanban,
  IconMapPin,
  IconMessages,
  IconShieldLock,
  IconUserCircle,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from "@tabler/icons-react";

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
      { label: "Conversations", href: "/conversation", icon: IconMessages },
      { label: "Customers", href: "/customer", icon: IconUsersGroup },
    ],
  },
  {
    label: "Projects",
    links: [
      { label: "Dashboard", href: "/dnd", icon: IconLayoutKanban },
      { label: "Projects", href: "/project", icon: IconFolders },
      { label: "Project Types", href: "/project_type", icon: IconCategory },
    ],
  },
  {
    label: "Administration",
    links: [
      { label: "Members", href: "/member", icon: IconUsers },
      { label: "Roles", href: "/role", icon: IconShieldLock },
      { label: "Files", href: "/file", icon: IconFiles },
    ],
  },
  {
    label: "Organization",
    organizationOnly: true,
    links: [
      { label: "Locations", href: "/location", icon: IconMapPin },
      { label: "Settings", href: "/organization", icon: IconBuildingStore },
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
