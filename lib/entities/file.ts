import "server-only";
import type { file } from "@/db/schema/file";

export type FileRow = typeof file.$inferSelect;

export function fileView(row: FileRow) {
  return {
    id: row.id,
    name: row.name,
    mimetype: row.mimetype,
    size: row.size,
    removed: row.removed,
    /** The member who uploaded it; null for what customers sent. */
    uploader: row.uploadedBy,
    created: row.createdAt,
    updated: row.updatedAt,
  };
}
