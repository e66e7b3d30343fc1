// How files are grouped and sized for people; no zod, as list screens use it.

/** How the storage bar groups files; other comes last (spec §2). */
export const FILE_CATEGORIES = ["document", "image", "video", "other"] as const;
export type FileCategory = (typeof FILE_CATEGORIES)[number];

/** Mimetypes of office documents, beside PDF and every text/* type. */
const DOCUMENT_TYPES = new Set([
  "application/pdf",
  "application/rtf",
  "application/msword",
  "application/vnd.ms-excel",
  "application/vnd.ms-powerpoint",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  "application/vnd.oasis.opendocument.text",
  "application/vnd.oasis.opendocument.spreadsheet",
  "application/vnd.oasis.opendocument.presentation",
]);

/**
 * The one place a mimetype becomes a storage category: PDF, office documents
 * and text are documents; image/* images; video/* videos; the rest other.
 */
export function fileCategory(mimetype: string): FileCategory {
  if (DOCUMENT_TYPES.has(mimetype) || mimetype.startsWith("text/")) return "document";
  if (mimetype.startsWith("image/")) return "image";
  if (mimetype.startsWith("video/")) return "video";
  return "other";
}

const SIZE_UNITS = ["Bytes", "kb", "mb", "gb", "tb"];

/** Spec §9: base 1024, at most 2 decimals: 1536 → "1.5 kb". */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 Bytes";
  const unit = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SIZE_UNITS.length - 1);
  return `${Number((bytes / 1024 ** unit).toFixed(2))} ${SIZE_UNITS[unit]}`;
}
