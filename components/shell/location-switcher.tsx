"use client";
import { Avatar, Group, Menu, Text, UnstyledButton } from "@mantine/core";
import { useHotkeys } from "@mantine/hooks";
import { IconBuilding, IconCheck, IconMapPin, IconPlus, IconSelector } from "@tabler/icons-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { fileUrl } from "@/lib/client/api";
import type { SessionView } from "@/lib/client/use-session";
import { canSwitchLocation, useSwitchLocation } from "@/lib/client/use-switch-location";
import { ShortcutHint, useShortcut } from "./shortcut-hint";
import classes from "./shell.module.css";

/** 1 … 9: digits run out after nine locations. */
const DIGITS = 9;

/** The organization / location switcher at the top of the sidebar, with a shortcut per digit (⌘ or Alt, shortcut-hint.tsx). */
export function LocationSwitcher({ session }: { session: SessionView }) {
  const t = useTranslations();
  const switchable = canSwitchLocation(session);
  const locations = session.locations;
  const switchTo = useSwitchLocation();
  const { hotkey } = useShortcut();
  const current = session.location?.id ?? null;
  const choose = (id: string | null) => {
    if (id !== current) void switchTo(id);
  };

  useHotkeys(
    switchable
      ? [
          [hotkey("digit", "0"), () => choose(null)],
          ...locations.slice(0, DIGITS).map((l, i): [string, () => void] => [hotkey("digit", String(i + 1)), () => choose(l.id)]),
        ]
      : [],
    [],
  );

  const target = (
    <UnstyledButton className={classes.switcher} aria-label={t("shell.switcher.label")} disabled={!switchable}>
      <Group gap="sm" wrap="nowrap">
        {session.location ? (
          <IconMapPin size={20} />
        ) : session.organization.image ? (
          <Avatar src={fileUrl(session.organization.image)} size={24} radius="sm" alt="" />
        ) : (
          <IconBuilding size={20} />
        )}
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={600} truncate>
            {session.location?.name ?? session.organization.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {session.location ? session.organization.name : t("shell.switcher.organization")}
          </Text>
        </div>
        {switchable && <IconSelector size={16} />}
      </Group>
    </UnstyledButton>
  );
  if (!switchable) return target;

  return (
    <Menu position="bottom-start" width={236} shadow="md">
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t("shell.switcher.organization")}</Menu.Label>
        <Menu.Item
          leftSection={current === null ? <IconCheck size={16} /> : <IconBuilding size={16} />}
          rightSection={<ShortcutHint modifier="digit" keys="0" />}
          onClick={() => choose(null)}
        >
          {session.organization.name}
        </Menu.Item>
        {locations.length > 0 && <Menu.Label>{t("shell.switcher.locations")}</Menu.Label>}
        {locations.map((location, index) => (
          <Menu.Item
            key={location.id}
            leftSection={current === location.id ? <IconCheck size={16} /> : <IconMapPin size={16} />}
            rightSection={index < DIGITS ? <ShortcutHint modifier="digit" keys={String(index + 1)} /> : undefined}
            onClick={() => choose(location.id)}
          >
            {location.name}
          </Menu.Item>
        ))}
        {session.privileges.includes("admin") && (
          <>
            <Menu.Divider />
            <Menu.Item component={Link} href="/location/new" leftSection={<IconPlus size={16} />}>
              {t("shell.switcher.newLocation")}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
