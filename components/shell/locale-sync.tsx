"use client";
import { useLocale } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { isLocale } from "@/lib/i18n/locales";

/**
 * The page was served in the browser's language before the member signed in, or
 * in another before the member or an admin changed theirs: once the session names
 * another language, the server renders the screens again in it.
 */
export function LocaleSync({ language }: { language: string }) {
  const locale = useLocale();
  const router = useRouter();
  useEffect(() => {
    if (isLocale(language) && language !== locale) router.refresh();
  }, [language, locale, router]);
  return null;
}
