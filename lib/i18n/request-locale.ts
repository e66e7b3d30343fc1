import "server-only";
import type { Db } from "@/db/client";
import { memberLanguage } from "@/lib/services/member-language";
import { DEFAULT_LOCALE, localeOfLanguages, type AppLocale } from "./locales";

type Signed = { organizationId: string; memberId: string };

/**
 * The language the API answers a request in: the one its `Accept-Language` names
 * (the app sends the page's), else the signed-in member's (their own, else their
 * organization's), else US English. The member is looked up only when the header
 * names no language Craftdesk speaks.
 */
export async function requestLocale(req: Request, db?: Db, session?: Signed | null): Promise<AppLocale> {
  const asked = localeOfLanguages(req.headers.get("accept-language"));
  if (asked) return asked;
  if (!db || !session) return DEFAULT_LOCALE;
  try {
    return await memberLanguage(db, session.memberId);
  } catch {
    // An answer that is already an error must not fail for want of its language.
    return DEFAULT_LOCALE;
  }
}
