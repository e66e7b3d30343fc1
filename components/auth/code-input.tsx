"use client";
import { PinInput } from "@mantine/core";
import { useTranslations } from "next-intl";

export const CODE_LENGTH = 6;

/**
 * Focus goes to the first digit, so the code can be typed or pasted at once. In a dialog
 * the focus trap gives it (data-autofocus), a moment after the dialog opens: focused on
 * mount as well, the first digits typed before that moment would be sent back to the first box.
 */
const focusFirstDigit = (inDialog: boolean) => (index: number) => (index !== 0 ? {} : inDialog ? { "data-autofocus": true } : { autoFocus: true });

/** The six digits of an emailed one-time code; a pasted code fills them all. */
export function CodeInput({ value, onChange, error, inDialog = false }: { value: string; onChange: (code: string) => void; error?: boolean; inDialog?: boolean }) {
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
      getInputProps={focusFirstDigit(inDialog)}
    />
  );
}
