/** A field a file's column can be mapped to: a chip in the mapping dialog. */
export type ImportField = {
  id: string;
  label: string;
  required?: boolean;
  description?: string;
  /** Other headers that name this field in files from elsewhere: "Phone number", "Town". */
  aliases?: readonly string[];
};

/** Field id to the index of the file column it takes its values from. */
export type Mapping = Record<string, number>;

export function unmappedRequired(fields: readonly ImportField[], mapping: Mapping): ImportField[] {
  return fields.filter((field) => field.required && mapping[field.id] === undefined);
}

/** Fields mapped to one column, in field order. */
export function fieldsOnColumn(fields: readonly ImportField[], mapping: Mapping, column: number): ImportField[] {
  return fields.filter((field) => mapping[field.id] === column);
}
