"use client";
import { ActionIcon, Button, Menu } from "@mantine/core";
import { useHotkeys } from "@mantine/hooks";
import { IconCheck, IconChevronDown, IconDots, IconLock, IconLockOpen, IconPointFilled } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { lazyDialog } from "@/components/dialog/lazy-dialog";
import { ShortcutHint } from "@/components/shell/shortcut-hint";
import type { WritableChannel } from "@/lib/schemas/channels";
import { CHANNEL_LOOKS, WRITE_ORDER } from "./channel-looks";
import type { ConversationItem } from "./conversation-item";
import { useConversationActions, useReadOnOpen } from "./use-conversation-actions";

// Fetched when first opened: it brings the message schema and the phone number library.
const MessageDialog = lazyDialog(() => import("./message-dialogs").then((module) => module.MessageDialog), (props) => props.opened);

/** Keys as mail programs have them, outside inputs. */
const READ_KEY = "Shift+I";
const UNREAD_KEY = "Shift+U";

/**
 * The action menu by status (spec §4): active offers Mark as read (only with
 * unread messages, else Mark as unread; both for oneself), New email, New SMS,
 * Internal note and Close; closed only Re-open; removed nothing. Opening the
 * conversation reads it.
 */
export function ConversationMenu({ conversation }: { conversation: ConversationItem }) {
  const t = useTranslations();
  useReadOnOpen(conversation);
  const actions = useConversationActions(conversation);
  const [kind, setKind] = useState<WritableChannel>("note");
  const [writing, setWriting] = useState(false);
  const active = conversation.status === "active";
  useHotkeys([
    [READ_KEY, () => active && conversation.unread > 0 && !actions.busy && void actions.markAsRead()],
    [UNREAD_KEY, () => active && conversation.unread === 0 && !actions.busy && void actions.markAsUnread()],
  ]);
  if (conversation.status === "removed") return null;

  const write = (chosen: WritableChannel) => () => {
    setKind(chosen);
    setWriting(true);
  };
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <div style={{ marginLeft: "auto", flexShrink: 0 }}>
            <Button variant="default" rightSection={<IconChevronDown size={16} />} loading={actions.busy} visibleFrom="sm">
              {t("conversation.menu.actions")}
            </Button>
            <ActionIcon variant="default" size="lg" aria-label={t("conversation.menu.actions")} loading={actions.busy} hiddenFrom="sm">
              <IconDots size={18} />
            </ActionIcon>
          </div>
        </Menu.Target>
        <Menu.Dropdown>
          {active ? (
            <>
              {conversation.unread > 0 ? (
                <Menu.Item leftSection={<IconCheck size={16} />} rightSection={<ShortcutHint keys={READ_KEY} />} onClick={() => void actions.markAsRead()}>
                  {t("conversation.action.markRead")}
                </Menu.Item>
              ) : (
                <Menu.Item leftSection={<IconPointFilled size={16} />} rightSection={<ShortcutHint keys={UNREAD_KEY} />} onClick={() => void actions.markAsUnread()}>
                  {t("conversation.action.markUnread")}
                </Menu.Item>
              )}
              {WRITE_ORDER.map((channel) => {
                const { icon: Icon, write: label } = CHANNEL_LOOKS[channel];
                return (
                  <Menu.Item key={channel} leftSection={<Icon size={16} />} onClick={write(channel)}>
                    {t(label)}
                  </Menu.Item>
                );
              })}
              <Menu.Divider />
              <Menu.Item leftSection={<IconLock size={16} />} onClick={() => void actions.close()}>
                {t("conversation.menu.close")}
              </Menu.Item>
            </>
          ) : (
            <Menu.Item leftSection={<IconLockOpen size={16} />} onClick={() => void actions.reopen()}>
              {t("conversation.menu.reopen")}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <MessageDialog
        kind={kind}
        target={{ conversation }}
        opened={writing}
        onClose={() => setWriting(false)}
      />
    </>
  );
}
