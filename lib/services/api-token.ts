import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { apiToken } from "@/db/schema/auth";
import type { z } from "@/lib/schemas/z";
import type { apiTokenCreateSchema } from "@/lib/schemas/api-token";
import { newTokenSecret } from "@/lib/server/api-token";
import { notFound } from "@/lib/server/errors";
import type { SessionContext } from "@/lib/server/session";
import { apiTokenView } from "@/lib/entities/api-token";

const LIST_LIMIT = 100;

/** The session member's own tokens, newest first (expired ones too, until revoked). */
export async function listApiTokens(db: Db, session: SessionContext) {
  const rows = await db
    .select()
    .from(apiToken)
    .where(and(eq(apiToken.organizationId, session.organizationId), eq(apiToken.memberId, session.memberId)))
    .orderBy(desc(apiToken.createdAt))
    .limit(LIST_LIMIT);
  return { items: rows.map(apiTokenView) };
}

/** Creates a token for the session member; the answer is the only place its secret appears. */
export async function createApiToken(db: Db, session: SessionContext, input: z.output<typeof apiTokenCreateSchema>) {
  const { secret, prefix, hash } = newTokenSecret();
  const [row] = await db
    .insert(apiToken)
    .values({
      organizationId: session.organizationId,
      memberId: session.memberId,
      name: input.name,
      prefix,
      tokenHash: hash,
      readOnly: input.read_only,
      expiresAt: input.expires_at,
    })
    .returning();
  return { ...apiTokenView(row!), token: secret };
}

/** Revokes one of the session member's own tokens; it stops working at once. */
export async function revokeApiToken(db: Db, session: SessionContext, id: string): Promise<void> {
  const removed = await db
    .delete(apiToken)
    .where(and(eq(apiToken.organizationId, session.organizationId), eq(apiToken.memberId, session.memberId), eq(apiToken.id, id)))
    .returning({ id: apiToken.id });
  if (removed.length === 0) throw notFound("API token");
}
