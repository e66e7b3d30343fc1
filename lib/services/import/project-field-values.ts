import "server-only";
import { readFieldText } from "@/lib/schemas/field-kinds";
import type { FieldDefinition } from "@/lib/schemas/project-fields";

/**
 * Custom field values as the project list exports them: "1=Blue; 2=Large".
 * A value may itself hold "; " as long as no "<id>=" follows it.
 */
export function parseFieldValues(text: string | undefined): { id: number; value: string }[] | null {
  if (!text) return [];
  const values: { id: number; value: string }[] = [];
  for (const part of text.split(/;\s*(?=\d+\s*=)/)) {
    if (!part.trim()) continue;
    const match = /^\s*(\d+)\s*=([\s\S]*)$/.exec(part);
    if (!match) return null;
    values.push({ id: Number(match[1]), value: match[2].trim() });
  }
  return values;
}

/** Each value as its field's kind reads it from a file (field-kinds.ts `readFieldText`); the check follows. */
export function typedFieldValues(definitions: FieldDefinition[], values: { id: number; value: unknown }[]) {
  return values.map(({ id, value }) => {
    const definition = definitions.find((field) => field.id === id);
    return { id, value: definition && typeof value === "string" ? readFieldText(definition, value) : value };
  });
}
