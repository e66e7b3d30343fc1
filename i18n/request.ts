import { headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { DEFAULT_LOCALE, localeOfLanguages, memberLocale } from "@/lib/i18n/locales";
import { messagesOf } from "@/lib/i18n/messages";
import { initialSession } from "@/lib/server/initial-session";

/**
 * The language of a page: the signed-in member's own, else their organization's, else the first
 * supported one the browser asks for, else US English. No locale in the URL.
 */
export default getRequestConfig(async () => {
  const session = await initialSession();
  const locale = session
    ? memberLocale(session.member.language, session.organization.language)
    : (localeOfLanguages((await headers()).get("accept-language")) ?? DEFAULT_LOCALE);
  return { locale, messages: messagesOf(locale) };
});
