"use client";
import { CloseButton, TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { MAX_SEARCH_LENGTH } from "@/lib/schemas/lists";

/** Spec §9: search input is debounced by 200 ms. */
export const SEARCH_DEBOUNCE_MS = 200;

/** A search input that reports its text 200 ms after typing stops, and follows outside changes (back button). */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const t = useTranslations();
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const report = useDebouncedCallback((next: string) => {
    sent.current = next.trim();
    onSearch(next);
  }, SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    // Only a change that did not come from this box may overwrite what is typed.
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  const change = (next: string) => {
    setText(next);
    report(next);
  };

  return (
    <TextInput
      aria-label={t("common.search")}
      placeholder={t("common.search")}
      leftSection={<IconSearch size={16} />}
      value={text}
      maxLength={MAX_SEARCH_LENGTH}
      onChange={(event) => change(event.currentTarget.value)}
      rightSection={text ? <CloseButton size="sm" aria-label={t("browse.clearSearch")} onClick={() => change("")} /> : null}
      style={{ flex: 1, minWidth: 180, maxWidth: 360 }}
    />
  );
}
