"use client";
import { Grid, SegmentedControl, Stack, Text, TextInput } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { FieldRenderProps } from "@/components/form/form-config";
import { bankValue, type BankValue, type BusinessItem } from "./business-values";

type Kind = "iban" | "uk";

/** The inputs of each kind of account, and how wide each is beside the other on a wide screen (of 12). */
const PARTS: Record<Kind, { key: string; label: string; span: number; digits?: boolean }[]> = {
  iban: [
    { key: "iban", label: "businessDetails.bank.ibanLabel", span: 8 },
    { key: "bic", label: "businessDetails.bank.bic", span: 4 },
  ],
  uk: [
    { key: "account_number", label: "businessDetails.bank.accountNumber", span: 6, digits: true },
    { key: "sort_code", label: "businessDetails.bank.sortCode", span: 6, digits: true },
  ],
};

const kindOf = (bank: BankValue | null | undefined): Kind | undefined => (bank ? ("iban" in bank ? "iban" : "uk") : undefined);

type Props = FieldRenderProps & {
  /** On a location: the organization's account, shown in the empty inputs while the location has none of its own. */
  inherited?: BusinessItem["bank"];
  /** How the inherited account reads while this one is empty. */
  asInherited?: (value: string) => string;
};

/** A bank account: an IBAN and BIC, or a UK account number and sort code, chosen by a segmented switch. */
export function BankField({ value, onChange, errors = {}, inherited, asInherited }: Props) {
  const t = useTranslations();
  const bank = (value as Record<string, string> | null) ?? null;
  const fallback = bankValue(inherited);
  const [chosen, setChosen] = useState<Kind>(kindOf(fallback) ?? "iban");
  const kind = kindOf(bank as BankValue | null) ?? chosen;
  // An account is taken whole: the organization's shows only while this one is empty, and only in inputs of its kind.
  const shown: Record<string, string> = !bank && kindOf(fallback) === kind ? (fallback as Record<string, string>) : {};
  // Said once above the inputs: their placeholders are too narrow for "As the organization: …".
  const note = !bank && fallback && asInherited ? asInherited(Object.values(fallback).filter(Boolean).join(" · ")) : undefined;

  function set(key: string, text: string) {
    const next = Object.fromEntries(PARTS[kind].map((part) => [part.key, part.key === key ? text : (bank?.[part.key] ?? "")]));
    // Nothing typed is no account of its own: a location then prints the organization's.
    onChange(Object.values(next).some((part) => part.trim() !== "") ? next : null);
  }

  return (
    // The form's Bank account heading names it.
    <Stack gap="xs">
        <SegmentedControl
          aria-label={t("businessDetails.bank.kind")}
          value={kind}
          data={[
            { value: "iban", label: t("businessDetails.bank.iban") },
            { value: "uk", label: t("businessDetails.bank.uk") },
          ]}
          onChange={(next) => {
            setChosen(next as Kind);
            // What was typed for the other kind would be refused beside this one.
            if (bank) onChange(null);
          }}
        />
        {note && (
          <Text size="sm" c="dimmed">
            {note}
          </Text>
        )}
        <Grid gap="xs">
          {PARTS[kind].map((part) => (
            <Grid.Col key={part.key} span={{ base: 12, xs: part.span }}>
              <TextInput
                label={t(part.label)}
                autoComplete="off"
                spellCheck={false}
                inputMode={part.digits ? "numeric" : undefined}
                value={bank?.[part.key] ?? ""}
                placeholder={shown[part.key]}
                error={errors[part.key]}
                onChange={(event) => set(part.key, event.currentTarget.value)}
              />
            </Grid.Col>
          ))}
        </Grid>
    </Stack>
  );
}
