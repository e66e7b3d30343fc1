import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { file } from "@/db/schema/file";
import { ApiError, badRequest, forbidden, notFound } from "@/lib/server/errors";
import { creationChanges, recordHistory } from "@/lib/server/history";
import type { SessionContext } from "@/lib/server/session";
import type { ErrorPage } from "@/lib/server/error-page";
import { IMAGE_TYPES, sniffMimetype } from "@/lib/server/sniff";
import { deleteStoredFile, openStoredFile, storeFile } from "@/lib/server/storage";
import { fileView } from "@/lib/entities/file";
import { assertWithinQuota } from "./file-quota";
import { fileUsage } from "./file-usage";
import { visibleFiles } from "./file-visibility";

export const maxUploadBytes = () => Number(process.env.FILE_MAX_BYTES || 10 * 1024 * 1024);
/** The whole multipart body of an upload: the file and room for its part headers. */
export const maxUploadBodyBytes = () => maxUploadBytes() + 64 * 1024;

const tooLarge = () => new ApiError(413, "errors.file.tooLarge", {}, {}, { size: `${Math.floor(maxUploadBytes() / 1024 / 1024)} MB` });

export type NewFile = { organizationId: string; memberId: string | null; name: string; bytes: Uint8Array };

/** A name safe to show and to send in Content-Disposition: no control characters or path separators. */
const safeName = (name: string) => name.replace(/[\u0000-\u001f/\\]/g, "_").slice(0, 255) || "file";

/**
 * Keeps bytes as a file of the organization, typed by its bytes rather than by
 * what the sender said, with its history entry; in the caller's transaction when
 * given one (a message and its attachments land together). What members upload
 * is refused past the storage quota; what customers send (memberId null) is held
 * to the inbound ceiling by its caller (inbound.ts), which keeps the message and
 * names what it could not keep.
 */
export async function saveFile(tx: Db, input: NewFile) {
  const name = safeName(input.name);
  const mimetype = sniffMimetype(input.bytes, name);
  const size = input.bytes.length;
  if (input.memberId) await assertWithinQuota(tx, input.organizationId, size);
  const [row] = await tx
    .insert(file)
    .values({ organizationId: input.organizationId, name, mimetype, size, uploadedBy: input.memberId })
    .returning();
  await storeFile(input.organizationId, row.id, input.bytes, mimetype);
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
  if (!(upload instanceof File)) throw badRequest([{ path, message: "errors.file.choose" }]);
  if (upload.size === 0) throw badRequest([{ path, message: "errors.file.empty" }]);
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

/** The file as the session may see it (file-visibility.ts), or null; database failures are thrown as they are. */
async function fileRow(db: Db, session: SessionContext, id: string, lock = false) {
  const select = db.select().from(file).where(and(eq(file.id, id), visibleFiles(session)));
  const [row] = lock ? await select.for("update") : await select;
  return row ?? null;
}

/** A file the session may see (removed ones too), or a 404. */
export async function findFile(db: Db, session: SessionContext, id: string, lock = false) {
  const row = await fileRow(db, session, id, lock);
  if (!row) throw notFound("File");
  return row;
}

/** A file's details and where it is used (what the session may see of that). */
export async function getFile(db: Db, session: SessionContext, id: string) {
  const row = await findFile(db, session, id);
  return { ...fileView(row), used: await fileUsage(db, session, row.id) };
}

/**
 * A file id that may be used as a picture (organization logo, member avatar): one
 * the session sees, since a picture is then seen by the whole organization.
 */
export async function assertImageFile(db: Db, session: SessionContext, id: string, path: string) {
  const row = await fileRow(db, session, id);
  if (!row || row.removed) throw badRequest([{ path, message: "errors.file.unknown" }]);
  if (!IMAGE_TYPES.includes(row.mimetype)) {
    throw badRequest([{ path, message: "errors.file.imageType" }]);
  }
}

/**
 * Removing keeps the record (history, where it was used) and deletes the bytes
 * for good. Its uploader or an admin may; deleting happens once the removal is
 * committed, so a failed deletion leaves stray bytes, never a file that says it
 * exists without content.
 */
export async function removeFile(db: Db, session: SessionContext, id: string) {
  const removed = await db.transaction(async (tx) => {
    const row = await findFile(tx, session, id, true);
    if (row.removed) return row;
    if (row.uploadedBy !== session.memberId && !session.privileges.has("admin")) {
      throw forbidden("errors.file.removeOwn");
    }
    const [updated] = await tx.update(file).set({ removed: true, updatedAt: new Date() }).where(eq(file.id, id)).returning();
    await recordHistory(tx, {
      organizationId: session.organizationId,
      entityType: "file",
      entityId: id,
      memberId: session.memberId,
      action: "updated",
      changes: { removed: [false, true] },
    });
    return updated;
  });
  await deleteStoredFile(session.organizationId, id);
  return fileView(removed);
}

/** Shown in place, never run: images and PDFs open in the browser, the rest downloads. */
const INLINE_TYPES = [...IMAGE_TYPES, "application/pdf"];

/**
 * A download link opened in the browser that cannot serve the file: what happened
 * and where to go, instead of the API's JSON (route option `errorPage`).
 */
export function downloadErrorPage({ status, message }: { status: number; message: string }, params: Record<string, string>): ErrorPage {
  const page = params.id ? `/file/${encodeURIComponent(params.id)}` : "/file";
  if (status === 410) {
    return {
      title: "errors.download.removedTitle",
      text: "errors.download.removedText",
      link: { href: page, label: "errors.download.openPage" },
    };
  }
  if (status === 401) {
    return { title: "errors.download.logInTitle", text: "errors.download.logInText", link: { href: page, label: "errors.download.logIn" } };
  }
  if (status === 404) {
    return {
      title: "errors.download.notFoundTitle",
      text: "errors.download.notFoundText",
      link: { href: "/file", label: "errors.download.goToFiles" },
    };
  }
  return {
    title: "errors.download.failedTitle",
    text: status >= 500 ? "errors.download.failedText" : message,
    link: { href: page, label: "errors.download.back" },
  };
}

export async function downloadFile(db: Db, session: SessionContext, id: string): Promise<Response> {
  const row = await findFile(db, session, id);
  if (row.removed) throw new ApiError(410, "errors.file.removed");
  const stored = await openStoredFile(session.organizationId, row.id);
  if (!stored) throw notFound("File");
  const inline = INLINE_TYPES.includes(row.mimetype);
  const headers = new Headers({
    "Content-Type": row.mimetype,
    "Content-Length": String(stored.size),
    "Content-Disposition": `${inline ? "inline" : "attachment"}; filename*=UTF-8''${encodeURIComponent(row.name)}`,
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, max-age=3600",
    // The file page previews images and PDFs in a frame of its own origin.
    "X-Frame-Options": "SAMEORIGIN",
    // An SVG opened directly must not run scripts or load anything; the PDF viewer does not run in a sandbox.
    "Content-Security-Policy":
      row.mimetype === "application/pdf"
        ? "default-src 'none'; frame-ancestors 'self'"
        : "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'",
  });
  return new Response(stored.body, { status: 200, headers });
}
