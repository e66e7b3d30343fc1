"use client";
import { Text, Tooltip } from "@mantine/core";
import { useMounted } from "@mantine/hooks";
import { useLocale, useTranslations } from "next-intl";
import { useCallback } from "react";
import { absoluteTime, relativeTime } from "@/lib/client/relative-time";

/** Relative and exact times in the page's language. */
export function useTimeWords() {
  const locale = useLocale();
  const t = useTranslations();
  const justNow = t("detail.justNow");
  return {
    relative: useCallback((date: Date | string) => relativeTime(date, { locale, justNow }), [locale, justNow]),
    absolute: useCallback((date: Date | string) => absoluteTime(date, locale), [locale]),
  };
}

/** Relative time, with the exact date on hover (tooltip and title for assistive tech). */
export function RelativeTime({ date, size = "sm" }: { date: string | Date; size?: string }) {
  const value = new Date(date);
  const words = useTimeWords();
  // The exact date is in the reader's time zone, which a page rendered on the server does not know.
  const exact = useMounted() ? words.absolute(value) : value.toISOString();
  return (
    <Tooltip label={exact} openDelay={300}>
      {/* "3 minutes ago" may have moved on between the server's render and the browser's. */}
      <Text component="time" dateTime={value.toISOString()} title={exact} size={size} c="dimmed" suppressHydrationWarning>
        {words.relative(value)}
      </Text>
    </Tooltip>
  );
}
