"use client";
import type { ListPage } from "@/components/browse/browse-config";
import { BrowseScreen } from "@/components/browse/browse-screen";
import { quoteBrowse } from "@/components/quote/quote-browse";
import type { QuoteListItem } from "@/components/quote/quote-item";

/** The quotes; `initial` is their first page when the server read it. */
export function QuoteListScreen({ initial }: { initial?: ListPage<QuoteListItem> }) {
  return <BrowseScreen config={quoteBrowse} initial={initial} />;
}
