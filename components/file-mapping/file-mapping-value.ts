import { unmappedRequired, type ImportField, type Mapping } from "@/lib/import/fields";
import type { Sheet } from "@/lib/import/sheet";

/** The control's value (spec §3 "Import value"): the chosen file as read, its mappings and Skip invalid rows. */
export type FileMappingValue = { file: File; sheet: Sheet; mappings: Mapping; skipInvalid: boolean };

/** `empty`: no file yet; `invalid`: a required field is unmapped (or a required file is missing); `valid` otherwise. */
export type MappingState = "empty" | "invalid" | "valid";

export function mappingState(fields: readonly ImportField[], value: FileMappingValue | null, required: boolean): MappingState {
  if (!value) return required ? "invalid" : "empty";
  return unmappedRequired(fields, value.mappings).length > 0 ? "invalid" : "valid";
}

export function assignField(value: FileMappingValue, field: string, column: number): FileMappingValue {
  return { ...value, mappings: { ...value.mappings, [field]: column } };
}

export function unassignField(value: FileMappingValue, field: string): FileMappingValue {
  const { [field]: _removed, ...mappings } = value.mappings;
  return { ...value, mappings };
}
