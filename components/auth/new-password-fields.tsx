"use client";
import { PasswordInput } from "@mantine/core";
import { useTranslations } from "next-intl";
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
  const t = useTranslations();
  return (
    <>
      <PasswordInput
        label={t("auth.password.new")}
        required
        autoFocus={autoFocus}
        autoComplete="new-password"
        description={t("auth.password.hint", { min: PASSWORD_MIN })}
        value={values.password}
        onChange={(e) => set("password", e.currentTarget.value)}
        error={errors.password}
      />
      <PasswordInput
        label={t("auth.password.repeat")}
        required
        autoComplete="new-password"
        value={values.repeat}
        onChange={(e) => set("repeat", e.currentTarget.value)}
        error={errors.repeat}
      />
    </>
  );
}
