"use client";
import { ActionIcon, Badge, Group, Indicator, NavLink, Popover, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconBell } from "@tabler/icons-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { unreadLabel, useNotifications, type NotificationItem } from "@/lib/client/use-notifications";
import { leaveGuarded } from "@/lib/client/use-unsaved-guard";
import { NotificationList, notificationHref } from "./notification-list";
import classes from "./shell.module.css";

/** The bell and its popover: a sidebar entry on desktop, an icon in the mobile top bar. */
export function NotificationsPopover({ variant }: { variant: "nav" | "icon" }) {
  const router = useRouter();
  const t = useTranslations();
  const [opened, { toggle: flip, close }] = useDisclosure(false);
  const { items, error, unread, markRead, remove, refresh } = useNotifications();
  const toggle = () => {
    if (!opened) refresh();
    flip();
  };
  const label = unread > 0 ? t("shell.notifications.unread", { count: unreadLabel(unread) }) : t("shell.notifications.title");

  async function open(item: NotificationItem) {
    if (!item.read) await markRead(item.id);
    const href = notificationHref(item);
    if (!href) return;
    close();
    leaveGuarded(() => router.push(href));
  }

  const target =
    variant === "nav" ? (
      <NavLink
        component="button"
        className={classes.navLink}
        label={t("shell.notifications.title")}
        aria-label={label}
        leftSection={<IconBell size={18} stroke={1.6} />}
        rightSection={unread > 0 && <Badge size="sm" circle={unread < 10}>{unreadLabel(unread)}</Badge>}
        onClick={toggle}
        active={opened}
      />
    ) : (
      <Indicator label={unreadLabel(unread)} disabled={unread === 0} size={18} offset={4}>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} onClick={toggle}>
          <IconBell size={20} />
        </ActionIcon>
      </Indicator>
    );

  return (
    <Popover
      opened={opened}
      onChange={(value) => !value && close()}
      width={360}
      position={variant === "nav" ? "right-start" : "bottom-end"}
      shadow="md"
      withinPortal
    >
      <Popover.Target>{target}</Popover.Target>
      <Popover.Dropdown p="xs" mah={400} style={{ maxWidth: "calc(100vw - 16px)" }}>
        <Group justify="space-between" px="sm" pb="xs">
          <Text fw={600}>{t("shell.notifications.title")}</Text>
          {unread > 0 && (
            <Text size="xs" c="dimmed">
              {t("shell.notifications.unreadCount", { count: unreadLabel(unread) })}
            </Text>
          )}
        </Group>
        <NotificationList items={items} failed={Boolean(error)} onOpen={open} onRemove={(item) => void remove(item.id)} />
      </Popover.Dropdown>
    </Popover>
  );
}
