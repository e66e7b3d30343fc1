import "server-only";
import { and, eq, inArray, not, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { file } from "@/db/schema/file";
import type { FileListQuery } from "@/lib/schemas/file";
import { FILE_CATEGORIES, fileCategory } from "@/lib/schemas/file-kind";
import { selectResponsePage } from "@/lib/server/page";
import { caseless, searchCondition } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { fileView, type FileRow } from "@/lib/entities/file";
import { storageQuota } from "./file-quota";
import { visibleFiles, visibleSizesByType } from "./file-visibility";

export const FILE_PAGE = {
  table: file,
  id: file.id,
  sorts: { created: file.createdAt, size: file.size, name: caseless(file.name) },
  view: (row: FileRow) => fileView(row),
};

/** GET /file: the files the session may see (file-visibility.ts), removed ones on request. */
export function listFiles(db: Db, session: SessionContext, query: FileListQuery) {
  const where = and(
    visibleFiles(session),
    eq(file.removed, query.removed),
    query.id ? inArray(file.id, query.id) : undefined,
    searchCondition(file.name, query.search),
  );
  return selectResponsePage(db, FILE_PAGE, where, query);
}

/**
 * GET /file_stats: bytes kept, per category in a fixed order (other last). Admins
 * count the whole organization, with its quota when there is one; everyone else
 * what they may see of it, with no quota, which that part would be misread against.
 */
export async function fileStats(db: Db, session: SessionContext) {
  const whole = session.privileges.has("admin");
  const rows = whole
    ? await db
        .select({ mimetype: file.mimetype, size: sql<string>`sum(${file.size})` })
        .from(file)
        .where(and(eq(file.organizationId, session.organizationId), not(file.removed)))
        .groupBy(file.mimetype)
    : await visibleSizesByType(db, session);
  const sizes = new Map<string, number>(FILE_CATEGORIES.map((id) => [id, 0]));
  for (const row of rows) {
    const category = fileCategory(row.mimetype);
    sizes.set(category, sizes.get(category)! + Number(row.size));
  }
  const categories = FILE_CATEGORIES.map((id) => ({ id, size: sizes.get(id)! }));
  return { size: categories.reduce((sum, c) => sum + c.size, 0), categories, quota: whole ? storageQuota() : null };
}
