import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { member } from "@/db/schema/member";
import { organization } from "@/db/schema/organization";
import { memberLocale, type AppLocale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/messages";

/** In a query joining member and organization: the language the member reads (their own, else the organization's). */
export const memberLanguageSql = sql<string>`coalesce(${member.language}, ${organization.language})`;

/** The language a member reads what the server writes to them (notifications, mail): their own, else their organization's. */
export async function memberLanguage(db: Db, memberId: string): Promise<AppLocale> {
  const [row] = await db
    .select({ own: member.language, organization: organization.language })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(eq(member.id, memberId))
    .limit(1);
  return memberLocale(row?.own, row?.organization);
}

/** A translator in the member's language. */
export const memberTranslator = async (db: Db, memberId: string) => translatorFor(await memberLanguage(db, memberId));
