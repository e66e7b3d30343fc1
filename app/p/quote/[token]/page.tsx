import type { Metadata } from "next";
import { headers } from "next/headers";
import { NextIntlClientProvider } from "next-intl";
import { getTranslations } from "next-intl/server";
import { cache } from "react";
import { getDb } from "@/db/client";
import { isLocale, DEFAULT_LOCALE } from "@/lib/i18n/locales";
import { messagesOf } from "@/lib/i18n/messages";
import { ApiError } from "@/lib/server/errors";
import { isPublicToken } from "@/lib/server/public-link";
import { openPublicLink, publicActor } from "@/lib/server/public-route";
import { clientAddress } from "@/lib/server/request-info";
import { openPublicQuote } from "@/lib/services/quote-public/view";
import { QuotePage } from "@/components/public-quote/quote-page";
import { LinkUnavailable } from "@/components/public-document/link-unavailable";

/**
 * The customer's page of a quote, opened from the link they were sent: no session, no
 * shell, never indexed, in the language the quote was written for. It reads what
 * GET /api/api/public/quote/{token} answers (the same service, with the same link
 * checks and rate limits), once per request, and opening it marks a sent quote viewed.
 */
const load = cache(async (token: string) => {
  if (!isPublicToken(token)) return null;
  const req = new Request("http://page.local/", { headers: await headers() });
  const db = await getDb();
  try {
    const link = await openPublicLink(db, token, "quote", clientAddress(req));
    return await openPublicQuote(db, { organizationId: link.organizationId, documentId: link.documentId }, publicActor(req));
  } catch (error) {
    // An unknown, revoked or expired link, or too many tries: the page says the link does not open.
    if (error instanceof ApiError && (error.status === 404 || error.status === 429)) return null;
    throw error;
  }
});

const localeOf = (language: string | undefined) => (isLocale(language) ? language : DEFAULT_LOCALE);

export async function generateMetadata({ params }: { params: Promise<{ token: string }> }): Promise<Metadata> {
  const quote = await load((await params).token);
  const t = await getTranslations({ locale: localeOf(quote?.document.language) });
  const title = quote ? t("publicQuote.pageTitle", { number: quote.document.number }) : t("publicQuote.invalidLinkTitle");
  return { title: quote ? `${title} · ${quote.document.seller.name}` : title, robots: { index: false, follow: false }, referrer: "no-referrer" };
}

export default async function PublicQuotePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const quote = await load(token);
  const locale = localeOf(quote?.document.language);
  const messages = messagesOf(locale);
  const t = await getTranslations({ locale });
  // Only what the page says goes to the browser.
  const pageMessages = { publicQuote: messages.publicQuote, publicDocument: messages.publicDocument, document: { unit: messages.document.unit } };
  return (
    <NextIntlClientProvider locale={locale} messages={pageMessages}>
      <div lang={locale}>
        {quote ? (
          <QuotePage
            token={token}
            quote={{ ...quote, answer: quote.answer ? { ...quote.answer, answered: quote.answer.answered.toISOString() } : null }}
          />
        ) : (
          <LinkUnavailable title={t("publicQuote.invalidLinkTitle")} text={t("publicQuote.invalidLink")} />
        )}
      </div>
    </NextIntlClientProvider>
  );
}
