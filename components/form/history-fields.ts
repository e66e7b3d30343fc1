import type { HistoryField } from "@/components/detail/history-value";
import type { FieldConfig } from "./form-config";

/** History reads a field the way its form shows it: same label, same option labels. */
export function historyFieldsOf(fields: FieldConfig[]): Record<string, HistoryField> {
  return Object.fromEntries(
    fields.map((field) => [field.key, { label: field.label, options: field.kind === "select" ? field.options : undefined }]),
  );
}
