import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { organization } from "@/db/schema/organization";
import { DEFAULT_LOCALE, localeOfLanguages, memberLocale, type AppLocale } from "./locales";

type Signed = { organizationId: string; memberId: string };

/** The languages that speak for a signed-in member: their own (none yet) and their organization's. */
async function memberLanguages(db: Db, session: Signed): Promise<{ own: string | null; organization: string | null }> {
  const [row] = await db
    .select({ organization: organization.language })
    .from(organization)
    .where(eq(organization.id, session.organizationId))
    .limit(1);
  return { own: null, organization: row?.organization ?? null };
}

/**
 * The language the API answers a request in: the one its `Accept-Language` names
 * (the app sends the page's), else the signed-in member's, else US English. The
 * member is looked up only when the header names no language Craftdesk speaks.
 */
export async function requestLocale(req: Request, db?: Db, session?: Signed | null): Promise<AppLocale> {
  const asked = localeOfLanguages(req.headers.get("accept-language"));
  if (asked) return asked;
  if (!db || !session) return DEFAULT_LOCALE;
  try {
    const { own, organization } = await memberLanguages(db, session);
    return memberLocale(own, organization);
  } catch {
    // An answer that is already an error must not fail for want of its language.
    return DEFAULT_LOCALE;
  }
}
