export const IMPORT_EXTENSIONS = ["csv", "xlsx"] as const;
export type ImportKind = (typeof IMPORT_EXTENSIONS)[number];

/** What the file picker offers: the extensions and their media types. */
export const IMPORT_ACCEPT = ".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The text after the last dot, lower-cased; empty when the name has none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}

export function importKind(name: string): ImportKind | null {
  const extension = fileExtension(name);
  return (IMPORT_EXTENSIONS as readonly string[]).includes(extension) ? (extension as ImportKind) : null;
}
