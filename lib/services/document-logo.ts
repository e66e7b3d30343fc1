import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { file } from "@/db/schema/file";
import { notFound } from "@/lib/server/errors";
import { IMAGE_TYPES } from "@/lib/server/sniff";
import { readStoredFile } from "@/lib/server/storage";

// Raster pictures only: an SVG could carry script, and the page shows the logo as it is.
const LOGO_TYPES = IMAGE_TYPES.filter((type) => type !== "image/svg+xml");

/**
 * The answer of a customer's page's logo route (quotes, invoices): the logo file the
 * document names, when it is still a kept raster picture of the organization; a 404
 * otherwise. Never a file id from the request.
 */
export async function documentLogo(db: Db, organizationId: string, fileId: string | null): Promise<Response> {
  const [row] = fileId
    ? await db
        .select({ id: file.id, mimetype: file.mimetype, removed: file.removed })
        .from(file)
        .where(and(eq(file.organizationId, organizationId), eq(file.id, fileId)))
    : [];
  const bytes = row && !row.removed && LOGO_TYPES.includes(row.mimetype) ? await readStoredFile(organizationId, row.id) : null;
  if (!bytes) throw notFound("Logo");
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      "Content-Type": row.mimetype,
      "Content-Length": String(bytes.length),
      "Content-Disposition": "inline",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
