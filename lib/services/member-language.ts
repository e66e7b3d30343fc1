import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { member } from "@/db/schema/member";
import { organization } from "@/db/schema/organization";
import { memberLocale, type AppLocale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/messages";

/** The language a member reads what the server writes to them (notifications, mail): their own, else their organization's. */
export async function memberLanguage(db: Db, memberId: string): Promise<AppLocale> {
  const [row] = await db
    .select({ organization: organization.language })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(eq(member.id, memberId))
    .limit(1);
  return memberLocale(null, row?.organization);
}

/** A translator in the member's language. */
export const memberTranslator = async (db: Db, memberId: string) => translatorFor(await memberLanguage(db, memberId));
