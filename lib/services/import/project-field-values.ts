import "server-only";

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
