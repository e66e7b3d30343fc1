"use client";
import { Button, Group, PasswordInput, Stack, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { FormEvent } from "react";
import { useDetail } from "@/components/detail/detail-context";
import { ReadOnlyNote } from "@/components/form/read-only-note";
import { useChangeForm } from "@/components/form/use-change-form";
import { api } from "@/lib/client/api";
import { invalidate } from "@/lib/client/invalidate";
import { toast } from "@/lib/client/toast";
import { holds, useSession } from "@/lib/client/use-session";
import { PASSWORD_MIN } from "@/lib/schemas/constants";
import { MemberInvitation } from "./member-invitation";
import type { MemberItem } from "./member-item";
import { ProofInput } from "./proof-input";

/**
 * Sets a member's password (typed twice) or clears it, which stops password login.
 * On one's own record the current password (or an emailed code) confirms it.
 */
export function MemberSecurity() {
  const t = useTranslations();
  const { item, replace, level } = useDetail<MemberItem>();
  const { data: session } = useSession();
  const own = session?.member.id === item.id;
  // Another member's password takes members_manage and a record this location may change (the server checks again).
  const allowed = own || (session !== undefined && holds(session, "members_manage") && level === "edit");
  const proofKey = item.has_password ? "current_password" : "code";
  // The proof's error goes once it is edited; the password's stays until the next try.
  const form = useChangeForm({ password: "", repeat: "", proof: "" }, { keepErrors: true });
  const { values, errors, busy } = form;
  const { password, repeat, proof } = values;

  async function save(next: string | null) {
    await form.submit(async () => {
      const body = own ? { password: next, [proofKey]: proof } : { password: next };
      replace(await api.patch<MemberItem>(`/member/${item.id}`, body));
      void invalidate("/member", "/history");
      toast(
        "success",
        own
          ? t(next === null ? "member.security.ownRemoved" : "member.security.ownSaved")
          : t(next === null ? "member.security.removed" : "member.security.saved", { name: item.name }),
      );
      form.commit({ password: "", repeat: "", proof: "" });
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (password !== repeat) {
      toast("error", t("member.security.mismatch"));
      return;
    }
    void save(password);
  }

  if (!allowed) {
    return (
      <Stack maw={560}>
        <ReadOnlyNote>{t("member.security.readOnly")}</ReadOnlyNote>
        <Text size="sm" c="dimmed">
          {t(item.has_password ? "member.security.hasPassword" : "member.security.noPassword")}
        </Text>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={560}>
        <MemberInvitation />
        <Text size="sm" c="dimmed">
          {t(
            own
              ? item.has_password
                ? "member.security.ownHasPassword"
                : "member.security.ownNoPassword"
              : item.has_password
                ? "member.security.hasPassword"
                : "member.security.noPassword",
          )}
        </Text>
        {own && (
          <ProofInput
            member={item}
            value={proof}
            onChange={(next) => {
              form.set("proof", next);
              form.clearErrors(proofKey);
            }}
            error={errors[proofKey]}
            description={t("member.security.proofNeeded")}
          />
        )}
        <PasswordInput
          label={t("member.security.newPassword")}
          description={t("member.security.hint", { min: PASSWORD_MIN })}
          autoComplete="new-password"
          value={password}
          onChange={(e) => form.set("password", e.currentTarget.value)}
          error={errors.password}
        />
        <PasswordInput
          label={t("member.security.repeat")}
          autoComplete="new-password"
          value={repeat}
          onChange={(e) => form.set("repeat", e.currentTarget.value)}
        />
        <Group>
          <Button type="submit" loading={busy} disabled={!password || !repeat || (own && !proof)}>
            {own ? t("member.security.savePassword") : t("common.save")}
          </Button>
          {item.has_password && (
            <Button variant="default" color="red" disabled={busy || (own && !proof)} onClick={() => void save(null)}>
              {t("member.security.remove")}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
