"use client";
import { Select, Switch, Text, Textarea, TextInput } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useLabel } from "@/components/shell/use-label";
import { SharingEditor, type SharingValue } from "@/components/sharing/sharing-editor";
import type { FieldConfig, FieldRenderProps, FieldWarning } from "./form-config";
import { ImageField } from "./image-field";

/** The field's warning right below its input; announced as it appears. */
function Warning({ use, value, itemId }: { use: FieldWarning; value: unknown; itemId?: string }) {
  const note = use(value, { itemId });
  return (
    <Text size="xs" c="orange.8" mt={note ? 4 : 0} role="status">
      {note}
    </Text>
  );
}

const asText = (value: unknown) => (typeof value === "string" ? value : value == null ? "" : String(value));

/** One configured input; every kind reads and writes its value through the change-set form. */
export function FormField({ field, value, saved, onChange, error, errors, itemId, readOnly, form }: FieldRenderProps & { field: FieldConfig }) {
  const t = useTranslations();
  const text = useLabel();
  // Labels, descriptions and options from configs may be catalogue keys.
  const label = text(field.labelFor && form ? field.labelFor(form.values) : field.label);
  const description = field.description ? text(field.description) : undefined;
  const common = { label, description, required: field.required, error };
  switch (field.kind) {
    case "text":
    case "email":
    case "tel":
      return (
        <TextInput
          {...common}
          type={field.kind}
          autoComplete={field.kind === "tel" ? "tel" : undefined}
          placeholder={field.placeholder ? text(field.placeholder) : undefined}
          value={asText(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
          inputContainer={
            field.useWarning
              ? (input: ReactNode) => (
                  <>
                    {input}
                    <Warning use={field.useWarning!} value={value} itemId={itemId} />
                  </>
                )
              : undefined
          }
        />
      );
    case "textarea":
      return (
        <Textarea {...common} autosize minRows={3} placeholder={field.placeholder ? text(field.placeholder) : undefined} value={asText(value)} onChange={(event) => onChange(event.currentTarget.value)} />
      );
    case "select":
      return (
        <Select
          {...common}
          data={(field.optionsFor ? field.optionsFor(saved) : field.options).map((option) => ({ ...option, label: text(option.label) }))}
          value={asText(value) || null}
          searchable={field.searchable}
          // Typing part of a name and Enter takes the first match ("United King" → United Kingdom).
          selectFirstOptionOnChange={field.searchable}
          clearable={field.clearable}
          placeholder={field.placeholder ? text(field.placeholder) : undefined}
          allowDeselect={false}
          nothingFoundMessage={field.searchable ? t("common.noResults") : undefined}
          onChange={(next) => onChange(next)}
        />
      );
    case "switch":
      return (
        <Switch
          label={label}
          description={description}
          error={error}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      );
    case "image":
      return <ImageField label={label} value={value} saved={saved} onChange={onChange} error={error} />;
    case "sharing":
      return (
        <SharingEditor
          label={label}
          error={error}
          full={field.full}
          value={value as SharingValue}
          savedDefault={(saved as SharingValue | undefined)?.default}
          exclude={field.excludeSelf && itemId ? [itemId] : []}
          onChange={onChange}
        />
      );
    case "custom":
      return <>{field.render({ value, saved, onChange, error, errors, itemId, readOnly, form })}</>;
  }
}
