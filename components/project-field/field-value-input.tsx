"use client";
import { Checkbox, MultiSelect, NumberInput, Select, Text, TextInput } from "@mantine/core";
import { useLocale } from "next-intl";
import type { ReactNode } from "react";
import { lazyComponent } from "@/lib/client/lazy-component";
import { kindOf, type KindedField } from "@/lib/schemas/field-kinds";

// The date pickers load with the first date field shown, not with every project screen.
const DateValueInput = lazyComponent(() => import("./date-value-input").then((module) => module.DateValueInput));

type Props = {
  field: KindedField;
  value: unknown;
  /** The value the form holds: a string, number, option id(s), true or null (no value). */
  onChange: (value: unknown) => void;
  label?: ReactNode;
  description?: ReactNode;
  required?: boolean;
  error?: ReactNode;
  placeholder?: string;
  "aria-label"?: string;
  autoFocus?: boolean;
  style?: React.CSSProperties;
  /** Pickers drawn in place rather than in a portal, for inputs inside a popover. */
  inPlace?: boolean;
};

/** The page language's decimal separator, which a number field reads and writes. */
function decimalSeparator(locale: string) {
  return new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === "decimal")?.value ?? ".";
}

/** One custom field's value, with the Mantine input its kind calls for (field-kinds.ts). */
export function FieldValueInput({ field, value, onChange, inPlace, ...shared }: Props) {
  const locale = useLocale();
  const options = (field.options ?? []).map((option) => ({ value: String(option.id), label: option.label }));
  const popover = inPlace ? { popoverProps: { withinPortal: false } } : {};
  switch (kindOf(field)) {
    case "number":
      return (
        <NumberInput
          {...shared}
          value={typeof value === "number" || typeof value === "string" ? value : ""}
          onChange={(next) => onChange(next === "" ? null : typeof next === "number" ? next : Number.isNaN(Number(next)) ? next : Number(next))}
          min={field.min ?? undefined}
          max={field.max ?? undefined}
          decimalScale={field.decimals ?? undefined}
          decimalSeparator={decimalSeparator(locale)}
          allowDecimal={field.decimals !== 0}
          clampBehavior="none"
          rightSection={field.unit ? <Text size="sm" c="dimmed" pr={6}>{field.unit}</Text> : undefined}
          rightSectionWidth={field.unit ? Math.min(24 + field.unit.length * 8, 120) : undefined}
          hideControls={Boolean(field.unit)}
        />
      );
    case "date":
    case "datetime":
      return <DateValueInput kind={kindOf(field) as "date" | "datetime"} {...shared} {...popover} value={value} onChange={onChange} />;
    case "single_choice":
      return (
        <Select
          {...shared}
          comboboxProps={inPlace ? { withinPortal: false } : undefined}
          data={options}
          value={typeof value === "number" ? String(value) : null}
          onChange={(id) => onChange(id ? Number(id) : null)}
          searchable
          clearable
        />
      );
    case "multiple_choice":
      return (
        <MultiSelect
          {...shared}
          comboboxProps={inPlace ? { withinPortal: false } : undefined}
          data={options}
          value={Array.isArray(value) ? value.map(String) : []}
          onChange={(ids) => onChange(ids.map(Number))}
          searchable
          clearable
        />
      );
    case "checkbox": {
      const { placeholder: _placeholder, ...rest } = shared;
      return <Checkbox {...rest} mt={4} checked={value === true} onChange={(event) => onChange(event.currentTarget.checked || null)} />;
    }
    default:
      return <TextInput {...shared} value={typeof value === "string" ? value : ""} onChange={(event) => onChange(event.currentTarget.value)} />;
  }
}
