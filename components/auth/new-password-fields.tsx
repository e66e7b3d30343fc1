"use client";
import { PasswordInput } from "@mantine/core";
import { PASSWORD_MIN } from "@/lib/schemas/constants";

type Values = { password: string; repeat: string };

/** A new password typed twice, as recovery and an invitation set one. */
export function NewPasswordFields({
  values,
  errors,
  set,
  autoFocus,
}: {
  values: Values;
  errors: Record<string, string | undefined>;
  set: (key: keyof Values, value: string) => void;
  autoFocus?: boolean;
}) {
  return (
    <>
      <PasswordInput
        label="New password"
        required
        autoFocus={autoFocus}
        autoComplete="new-password"
        description={`At least ${PASSWORD_MIN} characters`}
        value={values.password}
        onChange={(e) => set("password", e.currentTarget.value)}
        error={errors.password}
      />
      <PasswordInput
        label="Repeat password"
        required
        autoComplete="new-password"
        value={values.repeat}
        onChange={(e) => set("repeat", e.currentTarget.value)}
        error={errors.repeat}
      />
    </>
  );
}
