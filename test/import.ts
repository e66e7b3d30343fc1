/** A multipart import request as the file mapping control sends it. */
export function importForm(
  file: { name: string; content: string | Uint8Array },
  fields: { mappings: Record<string, number> | string; skipInvalid?: boolean; matchBy?: string; dryRun?: boolean; [key: string]: unknown },
) {
  const form = new FormData();
  const content = typeof file.content === "string" ? file.content : new Uint8Array(file.content);
  form.set("file", new File([content], file.name));
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    form.set(key, typeof value === "string" ? value : JSON.stringify(value));
  }
  return form;
}

/** CSV text from rows, quoting every cell. */
export const csvText = (rows: (string | null)[][]) =>
  rows.map((row) => row.map((cell) => `"${(cell ?? "").replace(/"/g, '""')}"`).join(",")).join("\r\n") + "\r\n";
