"use client";
import { ActionIcon, Box, Group, Indicator, ScrollArea, Stack, Text, UnstyledButton } from "@mantine/core";
import { IconX } from "@tabler/icons-react";
import type { MouseEvent } from "react";
import { useTranslations } from "next-intl";
import { useTimeWords } from "@/components/detail/relative-time";
import type { NotificationItem } from "@/lib/client/use-notifications";
import { isAppPath } from "@/lib/schemas/app-path";
import classes from "./shell.module.css";

type Props = {
  items: NotificationItem[];
  failed: boolean;
  onOpen: (item: NotificationItem) => void;
  onRemove: (item: NotificationItem) => void;
};

/**
 * Where an entry leads: a path of this app, else nowhere. A stored link is
 * never trusted as is (`javascript:`, another host).
 */
export const notificationHref = (item: Pick<NotificationItem, "link">) => (isAppPath(item.link) ? item.link : undefined);

/** The popover's content: newest first, unread ones marked with a dot and bold title; entries with a link are links. */
export function NotificationList({ items, failed, onOpen, onRemove }: Props) {
  const t = useTranslations();
  const time = useTimeWords();
  if (failed || items.length === 0) {
    return (
      <Text c="dimmed" size="sm" ta="center" py="lg">
        {failed ? t("common.loadFailed") : t("shell.notifications.empty")}
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah={400 - 48} type="auto" offsetScrollbars>
      <Stack gap={2}>
        {items.map((item) => {
          const href = notificationHref(item);
          return (
            <Group key={item.id} gap={4} wrap="nowrap" align="flex-start" data-unread={!item.read || undefined}>
              <UnstyledButton
                className={classes.notification}
                {...(href ? { component: "a" as const, href } : {})}
                onClick={(event: MouseEvent) => {
                  // A modified click opens the link elsewhere as usual; a plain one lets the popover mark it read first.
                  if (href && (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)) return;
                  event.preventDefault();
                  onOpen(item);
                }}
              >
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Indicator
                    disabled={item.read}
                    size={8}
                    position="middle-start"
                    processing={false}
                    aria-label={item.read ? undefined : t("shell.notifications.unreadOne")}
                    mt={8}
                  >
                    <Box w={8} />
                  </Indicator>
                  <Box style={{ minWidth: 0 }}>
                    <Text size="sm" fw={item.read ? 400 : 600} lineClamp={1}>
                      {item.title}
                    </Text>
                    {item.content && (
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        {item.content}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed" mt={2}>
                      {time.relative(item.date)}
                    </Text>
                  </Box>
                </Group>
              </UnstyledButton>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                mt={6}
                aria-label={t("shell.notifications.remove")}
                onClick={() => onRemove(item)}
              >
                <IconX size={14} />
              </ActionIcon>
            </Group>
          );
        })}
      </Stack>
    </ScrollArea.Autosize>
  );
}
