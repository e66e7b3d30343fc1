"use client";
import { Alert, Button, Group, Text } from "@mantine/core";
import { IconMailForward } from "@tabler/icons-react";
import { useState } from "react";
import { useDetail } from "@/components/detail/detail-context";
import { api } from "@/lib/client/api";
import { invalidate } from "@/lib/client/invalidate";
import { absoluteTime } from "@/lib/client/relative-time";
import { errorToast, toast } from "@/lib/client/toast";
import { holds, useSession } from "@/lib/client/use-session";
import { invitationState, type MemberItem } from "./member-item";

/**
 * The invitation of a member without a password, for those who manage members:
 * where it stands, and sending a new link (the previous one stops working).
 */
export function MemberInvitation() {
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
      toast("success", "Invitation sent", `${item.email} can set a password within 7 days`);
    } catch (error) {
      errorToast(error);
    } finally {
      setBusy(false);
    }
  }

  const expires = item.invitation_expires ? absoluteTime(new Date(item.invitation_expires)) : "";
  return (
    <Alert color={state === "invited" ? "blue" : "yellow"} variant="light" title={state === "invited" ? "Invited" : state === "expired" ? "Invitation expired" : "Not invited"}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          {state === "invited"
            ? `An invitation to set a password was sent to ${item.email}. Its link works until ${expires}.`
            : state === "expired"
              ? `The invitation sent to ${item.email} expired on ${expires}.`
              : `Email ${item.email} a link to set their own password.`}
        </Text>
        <Button size="xs" variant="default" leftSection={<IconMailForward size={16} />} loading={busy} onClick={() => void send()}>
          {state === null ? "Send invitation" : "Send a new invitation"}
        </Button>
      </Group>
    </Alert>
  );
}
