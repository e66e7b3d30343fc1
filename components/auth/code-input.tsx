"use client";
import { PinInput } from "@mantine/core";
import { useTranslations } from "next-intl";

export const CODE_LENGTH = 6;

// Focus goes to the first digit, so the code can be typed or pasted at once (data-autofocus: in a dialog's focus trap).
const focusFirstDigit = (index: number) => (index === 0 ? { "data-autofocus": true, autoFocus: true } : {});

/** The six digits of an emailed one-time code; a pasted code fills them all. */
export function CodeInput({ value, onChange, error }: { value: string; onChange: (code: string) => void; error?: boolean }) {
  const t = useTranslations();
  return (
    <PinInput
      length={CODE_LENGTH}
      type="number"
      oneTimeCode
      value={value}
      onChange={onChange}
      error={error}
      aria-label={t("auth.code.title")}
      getInputProps={focusFirstDigit}
    />
  );
}
