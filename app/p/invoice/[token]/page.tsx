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
import { openPublicInvoice } from "@/lib/services/invoice-public/view";
import { LinkUnavailable } from "@/components/public-document/link-unavailable";
import { InvoicePage } from "@/components/public-invoice/invoice-page";

/**
 * The customer's page of an invoice, opened from the link they were sent: no session, no
 * shell, never indexed, in the invoice's language. It reads what
 * GET /api/api/public/invoice/{token} answers (the same service, link checks and rate
 * limits), once per request; the first opening marks the invoice viewed. Stripe sends the
 * customer back with `?paid=1`.
 */
const load = cache(async (token: string) => {
  if (!isPublicToken(token)) return null;
  const req = new Request("http://page.local/", { headers: await headers() });
  const db = await getDb();
  try {
    const link = await openPublicLink(db, token, "invoice", clientAddress(req));
    return await openPublicInvoice(db, { organizationId: link.organizationId, documentId: link.documentId }, publicActor(req));
  } catch (error) {
    // An unknown, revoked or expired link, or too many tries: the page says the link does not open.
    if (error instanceof ApiError && (error.status === 404 || error.status === 429)) return null;
    throw error;
  }
});

const localeOf = (language: string | undefined) => (isLocale(language) ? language : DEFAULT_LOCALE);

type Props = { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const invoice = await load((await params).token);
  const t = await getTranslations({ locale: localeOf(invoice?.document.language) });
  const title = invoice ? t("publicInvoice.pageTitle", { number: invoice.document.number }) : t("publicInvoice.invalidLinkTitle");
  return { title: invoice ? `${title} · ${invoice.document.seller.name}` : title, robots: { index: false, follow: false }, referrer: "no-referrer" };
}

export default async function PublicInvoicePage({ params, searchParams }: Props) {
  const { token } = await params;
  const paid = (await searchParams).paid === "1";
  const invoice = await load(token);
  const locale = localeOf(invoice?.document.language);
  const messages = messagesOf(locale);
  const t = await getTranslations({ locale });
  // Only what the page says goes to the browser.
  const pageMessages = { publicInvoice: messages.publicInvoice, publicDocument: messages.publicDocument, document: { unit: messages.document.unit } };
  return (
    <NextIntlClientProvider locale={locale} messages={pageMessages}>
      <div lang={locale}>
        {invoice ? (
          <InvoicePage token={token} invoice={invoice} paidReturn={paid} />
        ) : (
          <LinkUnavailable title={t("publicInvoice.invalidLinkTitle")} text={t("publicInvoice.invalidLink")} />
        )}
      </div>
    </NextIntlClientProvider>
  );
}
