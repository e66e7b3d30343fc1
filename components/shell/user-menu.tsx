"use client";
import { Group, Menu, Text, UnstyledButton } from "@mantine/core";
import { useHotkeys } from "@mantine/hooks";
import { IconAdjustments, IconBell, IconChevronUp, IconLogout, IconSettings } from "@tabler/icons-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useLogout } from "@/lib/client/use-logout";
import { leaveGuarded } from "@/lib/client/use-unsaved-guard";
import type { SessionView } from "@/lib/client/use-session";
import { MemberAvatar } from "./member-avatar";
import { ShortcutHint } from "./shortcut-hint";
import classes from "./shell.module.css";

// Labels are catalogue keys.
const ITEMS = [
  { label: "shell.userMenu.settings", href: "/settings", key: ";", icon: IconSettings },
  { label: "shell.userMenu.notifications", href: "/settings/notifications", key: "N", icon: IconBell },
  { label: "shell.userMenu.theme", href: "/settings/theme", key: "T", icon: IconAdjustments },
] as const;

/** The member's menu at the bottom of the sidebar; its single-key shortcuts work outside inputs. */
export function UserMenu({ session }: { session: SessionView }) {
  const router = useRouter();
  const t = useTranslations();
  const endSession = useLogout();
  // Like links, these leave an open form: one with unsaved input asks first.
  const logout = () => leaveGuarded(() => void endSession());
  useHotkeys([
    ...ITEMS.map((item): [string, () => void] => [item.key.toLowerCase(), () => leaveGuarded(() => router.push(item.href))]),
    ["q", logout],
  ]);

  return (
    <Menu position="top-start" width={236} shadow="md">
      <Menu.Target>
        <UnstyledButton className={classes.userButton} aria-label={t("shell.userMenu.open")}>
          <Group gap="sm" wrap="nowrap">
            <MemberAvatar name={session.member.name} email={session.member.email} image={session.member.image} size="md" />
            <div style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={600} truncate>
                {session.member.name}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {session.member.email}
              </Text>
            </div>
            <IconChevronUp size={16} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {ITEMS.map(({ label, href, key, icon: Icon }) => (
          <Menu.Item
            key={href}
            component={Link}
            href={href}
            leftSection={<Icon size={16} />}
            rightSection={<ShortcutHint keys={key} />}
          >
            {t(label)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} />} rightSection={<ShortcutHint keys="Q" />} onClick={logout}>
          {t("shell.userMenu.logout")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
