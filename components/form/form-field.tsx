"use client";
import { Select, Switch, Text, Textarea, TextInput } from "@mantine/core";
import type { ReactNode } from "react";
import { SharingEditor, type SharingValue } from "@/components/sharing/sharing-editor";
import type { FieldConfig, FieldRenderProps, FieldWarning } from "./form-config";
import { ImageField } from "./image-field";
import { useConfigLabel } from "@/components/form/config-label";

/** The field's warning right below its input; announced as it appears. */
function Warning({ use, value, itemId }: { use: FieldWarning; value: unknown; itemId?: string }) {
  const note = use(value, { itemId });
  return (
    <Text size="xs" c="orange.8" mt={note ? 4 : 0} role="status">
      {note}
    </Text>
  );
}

const text = (value: unknown) => (typeof value === "string" ? value : value == null ? "" : String(value));

/** One configured input; every kind reads and writes its value through the change-set form. */
export function FormField({ field, value, saved, onChange, error, errors, itemId, form }: FieldRenderProps & { field: FieldConfig }) {
  const configLabel = useConfigLabel();
  const label = configLabel(field.labelFor && form ? field.labelFor(form.values) : field.label);
  const common = { label, description: field.description, required: field.required, error };
  switch (field.kind) {
    case "text":
    case "email":
    case "tel":
      return (
        <TextInput
          {...common}
          type={field.kind}
          autoComplete={field.kind === "tel" ? "tel" : undefined}
          placeholder={field.placeholder}
          value={text(value)}
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
        <Textarea {...common} autosize minRows={3} placeholder={field.placeholder} value={text(value)} onChange={(event) => onChange(event.currentTarget.value)} />
      );
    case "select":
      return (
        <Select
          {...common}
          data={(field.optionsFor ? field.optionsFor(saved) : field.options).map((option) => ({ ...option, label: configLabel(option.label) }))}
          value={text(value) || null}
          searchable={field.searchable}
          // Typing part of a name and Enter takes the first match ("United King" → United Kingdom).
          selectFirstOptionOnChange={field.searchable}
          clearable={field.clearable}
          allowDeselect={false}
          nothingFoundMessage={field.searchable ? "No results found" : undefined}
          onChange={(next) => onChange(next)}
        />
      );
    case "switch":
      return (
        <Switch
          label={label}
          description={field.description}
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
      return <>{field.render({ value, saved, onChange, error, errors, itemId, form })}</>;
  }
}
