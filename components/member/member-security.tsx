"use client";
import { Button, Group, PasswordInput, Stack, Text } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useDetail } from "@/components/detail/detail-context";
import { api } from "@/lib/client/api";
import { requestFailed } from "@/lib/client/field-errors";
import { invalidate } from "@/lib/client/invalidate";
import { toast } from "@/lib/client/toast";
import { useSession } from "@/lib/client/use-session";
import { PASSWORD_MIN } from "@/lib/schemas/fields";
import type { MemberItem } from "./member-item";
import { ProofInput } from "./proof-input";

/**
 * Sets a member's password (typed twice) or clears it, which stops password login.
 * On one's own record the current password (or an emailed code) confirms it.
 */
export function MemberSecurity() {
  const { item, replace } = useDetail<MemberItem>();
  const { data: session } = useSession();
  const own = session?.member.id === item.id;
  const proofKey = item.has_password ? "current_password" : "code";
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [proof, setProof] = useState("");
  const [error, setError] = useState<string>();
  const [proofError, setProofError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function save(next: string | null) {
    setBusy(true);
    try {
      const body = own ? { password: next, [proofKey]: proof } : { password: next };
      replace(await api.patch<MemberItem>(`/member/${item.id}`, body));
      void invalidate("/member", "/history");
      toast("success", `Password for "${item.name}" has been ${next === null ? "removed" : "saved"}`);
      setPassword("");
      setRepeat("");
      setProof("");
      setError(undefined);
      setProofError(undefined);
    } catch (failure) {
      const errors = requestFailed(failure);
      setError(errors.password);
      setProofError(errors[proofKey]);
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (password !== repeat) {
      toast("error", "Passwords do not match eachother");
      return;
    }
    void save(password);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={560}>
        <Text size="sm" c="dimmed">
          {item.has_password ? "This member can log in with a password." : "This member has no password and cannot log in with one."}
        </Text>
        {own && (
          <ProofInput
            member={item}
            value={proof}
            onChange={(next) => {
              setProof(next);
              setProofError(undefined);
            }}
            error={proofError}
            description="Needed to change your own password."
          />
        )}
        <PasswordInput
          label="New password"
          description={`At least ${PASSWORD_MIN} characters`}
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={error}
        />
        <PasswordInput
          label="Repeat password"
          autoComplete="new-password"
          value={repeat}
          onChange={(e) => setRepeat(e.currentTarget.value)}
        />
        <Group>
          <Button type="submit" loading={busy} disabled={!password || !repeat || (own && !proof)}>
            Save
          </Button>
          {item.has_password && (
            <Button variant="default" color="red" disabled={busy || (own && !proof)} onClick={() => void save(null)}>
              Remove password
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
