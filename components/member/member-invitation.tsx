"use client";
import { Alert, Button, Group, Text } from "@mantine/core";
import { IconMailForward } from "@tabler/icons-react";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { useDetail } from "@/components/detail/detail-context";
import { api } from "@/lib/client/api";
import { invalidate } from "@/lib/client/invalidate";
import { errorToast, toast } from "@/lib/client/toast";
import { holds, useSession } from "@/lib/client/use-session";
import { invitationState, type MemberItem } from "./member-item";

/**
 * The invitation of a member without a password, for those who manage members:
 * where it stands, and sending a new link (the previous one stops working).
 */
export function MemberInvitation() {
  const t = useTranslations();
  const format = useFormatter();
  const { item, replace } = useDetail<MemberItem>();
  const { data: session } = useSession();
  const [busy, setBusy] = useState(false);
  if (!session || !holds(session, "members_manage") || item.id === session.member.id) return null;
  if (item.status !== "active" || item.has_password) return null;
  const state = invitationState(item);

  async function send() {
    setBusy(true);
    try {
      replace(await api.post<MemberItem>(`/member/${item.id}/invitation`));
      void invalidate("/member", "/history");
      toast("success", t("member.invitation.sent"), t("member.invitation.sentDetail", { email: item.email }));
    } catch (error) {
      errorToast(error);
    } finally {
      setBusy(false);
    }
  }

  const expires = item.invitation_expires ? format.dateTime(new Date(item.invitation_expires), { dateStyle: "medium", timeStyle: "short" }) : "";
  return (
    <Alert color={state === "invited" ? "blue" : "yellow"} variant="light" title={t(state === "invited" ? "member.invitation.invited" : state === "expired" ? "member.invitation.expired" : "member.invitation.notInvited")}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          {state === "invited"
            ? t("member.invitation.invitedText", { email: item.email, expires })
            : state === "expired"
              ? t("member.invitation.expiredText", { email: item.email, expires })
              : t("member.invitation.notInvitedText", { email: item.email })}
        </Text>
        <Button size="xs" variant="default" leftSection={<IconMailForward size={16} />} loading={busy} onClick={() => void send()}>
          {t(state === null ? "member.invitation.send" : "member.invitation.sendNew")}
        </Button>
      </Group>
    </Alert>
  );
}
