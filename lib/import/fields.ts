/** A field a file's column can be mapped to: a chip in the mapping dialog. */
export type ImportField = {
  id: string;
  label: string;
  required?: boolean;
  description?: string;
};

/** Field id to the index of the file column it takes its values from. */
export type Mapping = Record<string, number>;

const normalized = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/**
 * Maps each field to the first column whose header is the field's label or id
 * (case, spaces and punctuation aside), so an exported list maps itself.
 */
export function autoMap(fields: readonly ImportField[], columns: readonly string[]): Mapping {
  const mapping: Mapping = {};
  const headers = columns.map(normalized);
  for (const field of fields) {
    const index = headers.findIndex((header) => header !== "" && (header === normalized(field.label) || header === normalized(field.id)));
    if (index >= 0) mapping[field.id] = index;
  }
  return mapping;
}

export function unmappedRequired(fields: readonly ImportField[], mapping: Mapping): ImportField[] {
  return fields.filter((field) => field.required && mapping[field.id] === undefined);
}

/** Fields mapped to one column, in field order. */
export function fieldsOnColumn(fields: readonly ImportField[], mapping: Mapping, column: number): ImportField[] {
  return fields.filter((field) => mapping[field.id] === column);
}
