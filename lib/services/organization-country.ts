import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { organization } from "@/db/schema/organization";
import type { SessionContext } from "@/lib/server/session";

// On its own, not in organization.ts: customer lists and imports read phone numbers with
// it, and the organization's profile brings the mailbox integrations along.

/** The organization's country (ISO 3166-1 alpha-2), which reads phone numbers typed without a country code. */
export async function organizationCountry(db: Db, session: SessionContext): Promise<string | null> {
  const [row] = await db.select({ country: organization.country }).from(organization).where(eq(organization.id, session.organizationId));
  return row?.country ?? null;
}
