/** What a multipart request carries by field name; absent values are left out. */
export type MultipartValues = Record<string, unknown>;

const isFile = (value: unknown): value is Blob => typeof Blob !== "undefined" && value instanceof Blob;

/**
 * The one way the app builds a multipart body (spec §7): files, and arrays of
 * files, as files under their name; other objects and arrays as JSON text;
 * strings, numbers and booleans as plain fields.
 */
export function multipart(values: MultipartValues): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (isFile(value)) form.append(name, value, value instanceof File ? value.name : undefined);
    else if (Array.isArray(value) && value.length > 0 && value.every(isFile)) {
      for (const file of value) form.append(name, file, file instanceof File ? file.name : undefined);
    } else if (typeof value === "object") form.append(name, JSON.stringify(value));
    else form.append(name, String(value));
  }
  return form;
}
