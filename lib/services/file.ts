import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { file } from "@/db/schema/file";
import { ApiError, badRequest, notFound } from "@/lib/server/errors";
import { creationChanges, recordHistory } from "@/lib/server/history";
import type { SessionContext } from "@/lib/server/session";
import { IMAGE_TYPES, sniffMimetype } from "@/lib/server/sniff";
import { readStoredFile, storeFile } from "@/lib/server/storage";

type FileRow = typeof file.$inferSelect;

export const maxUploadBytes = () => Number(process.env.FILE_MAX_BYTES || 10 * 1024 * 1024);
/** The whole multipart body of an upload: the file and room for its part headers. */
export const maxUploadBodyBytes = () => maxUploadBytes() + 64 * 1024;

export function fileView(row: FileRow) {
  return { id: row.id, name: row.name, mimetype: row.mimetype, size: row.size, removed: row.removed, created: row.createdAt };
}

const tooLarge = () => new ApiError(413, `Files may be at most ${Math.floor(maxUploadBytes() / 1024 / 1024)} MB`);

export type NewFile = { organizationId: string; memberId: string | null; name: string; bytes: Uint8Array };

/** A name safe to show and to send in Content-Disposition: no control characters or path separators. */
const safeName = (name: string) => name.replace(/[\u0000-\u001f/\\]/g, "_").slice(0, 255) || "file";

/**
 * Keeps bytes as a file of the organization, typed by its bytes rather than by
 * what the sender said, with its history entry; in the caller's transaction when
 * given one (a message and its attachments land together).
 */
export async function saveFile(tx: Db, input: NewFile) {
  const name = safeName(input.name);
  const mimetype = sniffMimetype(input.bytes);
  const size = input.bytes.length;
  const [row] = await tx
    .insert(file)
    .values({ organizationId: input.organizationId, name, mimetype, size, uploadedBy: input.memberId })
    .returning();
  await storeFile(input.organizationId, row.id, input.bytes);
  await recordHistory(tx, {
    organizationId: input.organizationId,
    entityType: "file",
    entityId: row.id,
    memberId: input.memberId,
    action: "created",
    changes: creationChanges({ name, mimetype, size }),
  });
  return fileView(row);
}

/** An uploaded part checked for presence and size, before its bytes are read. */
export function checkUpload(upload: FormDataEntryValue | null, path = "file"): File {
  if (!(upload instanceof File)) throw badRequest([{ path, message: "Choose a file to upload" }]);
  if (upload.size === 0) throw badRequest([{ path, message: "The file is empty" }]);
  if (upload.size > maxUploadBytes()) throw tooLarge();
  return upload;
}

/** Stores an upload under a name of ours. */
export async function uploadFile(db: Db, session: SessionContext, form: FormData) {
  const upload = checkUpload(form.get("file"));
  const bytes = new Uint8Array(await upload.arrayBuffer());
  return db.transaction((tx) =>
    saveFile(tx, { organizationId: session.organizationId, memberId: session.memberId, name: upload.name, bytes }),
  );
}

/** The organization's file, or null; database failures are thrown as they are. */
async function fileRow(db: Db, session: SessionContext, id: string) {
  const [row] = await db.select().from(file).where(and(eq(file.id, id), eq(file.organizationId, session.organizationId)));
  return row ?? null;
}

async function findFile(db: Db, session: SessionContext, id: string) {
  const row = await fileRow(db, session, id);
  if (!row) throw notFound("File");
  return row;
}

export const getFile = async (db: Db, session: SessionContext, id: string) => fileView(await findFile(db, session, id));

/** A file id that may be used as a picture (organization logo, member avatar). */
export async function assertImageFile(db: Db, session: SessionContext, id: string, path: string) {
  const row = await fileRow(db, session, id);
  if (!row || row.removed) throw badRequest([{ path, message: "This file does not exist" }]);
  if (!IMAGE_TYPES.includes(row.mimetype)) {
    throw badRequest([{ path, message: "Use a jpeg, png, gif, webp, svg or bmp image" }]);
  }
}

export async function downloadFile(db: Db, session: SessionContext, id: string): Promise<Response> {
  const row = await findFile(db, session, id);
  const bytes = row.removed ? null : await readStoredFile(session.organizationId, row.id);
  if (!bytes) throw notFound("File");
  const inline = IMAGE_TYPES.includes(row.mimetype);
  const headers = new Headers({
    "Content-Type": row.mimetype,
    "Content-Length": String(bytes.length),
    "Content-Disposition": `${inline ? "inline" : "attachment"}; filename*=UTF-8''${encodeURIComponent(row.name)}`,
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, max-age=3600",
    // An SVG opened directly must not run scripts or load anything.
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  });
  return new Response(new Uint8Array(bytes), { status: 200, headers });
}
