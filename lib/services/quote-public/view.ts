import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { quote, quoteAnswer, quoteRevision } from "@/db/schema/quote";
import { DEFAULT_LOCALE, isLocale, type AppLocale } from "@/lib/i18n/locales";
import { percentNumber } from "@/lib/money/decimal";
import { quoteTotals, type OptionTotals } from "@/lib/money/quote-totals";
import type { QuoteContent, QuoteDocument } from "@/lib/schemas/quote-content";
import { QUOTE_OPEN_STATUSES, type QuoteAnswerKind, type QuoteStatus } from "@/lib/schemas/quote-values";
import { recordHistory } from "@/lib/server/history";
import { notFound } from "@/lib/server/errors";
import { PUBLIC_LINK_RESOURCE } from "@/lib/server/public-link";
import type { PublicActor } from "@/lib/server/public-route";
import { lastSentRevision as lastSent } from "@/lib/services/quote-send";
import { readableContent } from "@/lib/services/quote-content";

/**
 * What a quote's public page reads: the last revision sent, as the customer reads it
 * (never unit costs or internal notes), with its totals, and where the quote stands.
 */

export type QuoteRow = typeof quote.$inferSelect;
export type RevisionRow = typeof quoteRevision.$inferSelect;
/** The one document a link opens (public-route.ts). */
export type LinkedQuote = { organizationId: string; documentId: string };

/**
 * Where the quote stands for the customer: open to an answer, answered, expired, or
 * being revised by the office (a draft after a sent revision: answering waits for it).
 */
export type PublicQuoteState = "open" | "approved" | "declined" | "changes_requested" | "expired" | "revising";

export function publicState(status: QuoteStatus): PublicQuoteState {
  if ((QUOTE_OPEN_STATUSES as readonly string[]).includes(status)) return "open";
  if (status === "draft") return "revising";
  return status as Exclude<QuoteStatus, "draft" | "sent" | "viewed">;
}

/** The quote a link opens, locked when asked; a link to a quote that is gone reads as no link. */
export async function linkedQuote(db: Db, linked: LinkedQuote, lock = false): Promise<QuoteRow> {
  const query = db
    .select()
    .from(quote)
    .where(and(eq(quote.organizationId, linked.organizationId), eq(quote.id, linked.documentId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(PUBLIC_LINK_RESOURCE);
  return row;
}

/** The last revision sent: what the link shows, also while a newer one is being written. */
export async function lastSentRevision(db: Db, row: QuoteRow): Promise<RevisionRow> {
  const revision = await lastSent(db, row.organizationId, row.id);
  if (!revision) throw notFound(PUBLIC_LINK_RESOURCE);
  return revision;
}

/** The language of the document a link opens (its last sent revision's), which its page and the page's answers speak. */
export async function publicQuoteLanguage(db: Db, linked: LinkedQuote): Promise<AppLocale> {
  const revision = await lastSentRevision(db, await linkedQuote(db, linked));
  return isLocale(revision.document.language) ? revision.document.language : DEFAULT_LOCALE;
}

/** The content with what is the office's own taken out: unit costs. */
export function customerContent(content: QuoteContent): QuoteContent {
  return {
    options: content.options.map((option) => ({
      ...option,
      sections: option.sections.map((section) => ({ ...section, lines: section.lines.map((line) => ({ ...line, unit_cost: null })) })),
    })),
  };
}

/** The document as the customer reads it: the frozen revision, without unit costs. */
export const customerDocument = (document: QuoteDocument): QuoteDocument => ({ ...document, content: customerContent(document.content) });

export type LastAnswer = { answer: QuoteAnswerKind; option: string | null; optional_lines: string[]; name: string | null; comment: string | null; answered: Date };

/** The customer's last answer, without the signature's bytes or where it came from. */
async function lastAnswer(db: Db, row: QuoteRow): Promise<LastAnswer | null> {
  const [answer] = await db
    .select({
      answer: quoteAnswer.answer,
      option: quoteAnswer.optionId,
      optional_lines: quoteAnswer.optionalLineIds,
      name: quoteAnswer.name,
      comment: quoteAnswer.comment,
      answered: quoteAnswer.answeredAt,
    })
    .from(quoteAnswer)
    .where(and(eq(quoteAnswer.organizationId, row.organizationId), eq(quoteAnswer.quoteId, row.id)))
    .orderBy(desc(quoteAnswer.answeredAt))
    .limit(1);
  return answer ?? null;
}

/**
 * The first time a sent quote is opened it is viewed: when, with its history entry (by
 * nobody: the customer opened it). A quote already viewed, answered or being revised
 * is left as it is; the condition in the statement settles two first opens at once.
 */
async function markViewed(db: Db, row: QuoteRow, actor: PublicActor): Promise<QuoteRow> {
  if (row.status !== "sent") return row;
  return db.transaction(async (tx) => {
    const [viewed] = await tx
      .update(quote)
      .set({ status: "viewed", viewedAt: actor.at, statusChanged: actor.at, updatedAt: actor.at })
      .where(and(eq(quote.organizationId, row.organizationId), eq(quote.id, row.id), eq(quote.status, "sent")))
      .returning();
    if (!viewed) return linkedQuote(tx, { organizationId: row.organizationId, documentId: row.id });
    await recordHistory(tx, {
      organizationId: row.organizationId,
      entityType: "quote",
      entityId: row.id,
      memberId: null,
      action: "updated",
      changes: { status: ["sent", "viewed"], viewed: [null, actor.at.toISOString()] },
    });
    return viewed;
  });
}

export type PublicQuote = {
  document: QuoteDocument;
  revisionHash: string;
  state: PublicQuoteState;
  /** The answers the customer may give now: all three while open, none after. */
  actions: QuoteAnswerKind[];
  chosenOption: string | null;
  answer: LastAnswer | null;
  totals: OptionTotals[];
};

/** The quote a link opens as its page shows it; opening it marks a sent quote viewed. */
export async function openPublicQuote(db: Db, linked: LinkedQuote, actor: PublicActor): Promise<PublicQuote> {
  const row = await markViewed(db, await linkedQuote(db, linked), actor);
  const revision = await lastSentRevision(db, row);
  const document = customerDocument(revision.document);
  const answer = await lastAnswer(db, row);
  const state = publicState(row.status);
  const choice = state === "approved" && answer?.option ? { option: answer.option, optional_lines: answer.optional_lines } : null;
  return {
    document,
    revisionHash: revision.hash,
    state,
    actions: state === "open" ? ["approved", "declined", "changes_requested"] : [],
    chosenOption: row.chosenOptionId,
    answer,
    totals: quoteTotals(document.content, document.currency, document.deposit, choice),
  };
}

/** A line as the customer reads it: never its cost, nor where in the price book it came from. */
function customerLine({ unit_cost: _cost, price_item: _item, tax: { id: _rate, ...tax }, ...line }: ReturnType<typeof readableContent>[number]["sections"][number]["lines"][number]) {
  return { ...line, tax };
}

/** GET /api/api/public/quote/{token}: the page's document in the API's readable form. */
export function publicQuoteView(quoteView: PublicQuote) {
  const { document } = quoteView;
  const { content, seller, ...header } = document;
  const { logo_file: logoFile, ...business } = seller;
  return {
    ...header,
    deposit: document.deposit === null ? null : "amount" in document.deposit ? { amount: document.deposit.amount } : { percent: percentNumber(document.deposit.percent_milli) },
    seller: { ...business, logo: logoFile !== null },
    options: readableContent(content, document.currency, document.deposit, null, quoteView.totals).map((option) => ({
      ...option,
      sections: option.sections.map((section) => ({ ...section, lines: section.lines.map(customerLine) })),
    })),
    revision_hash: quoteView.revisionHash,
    status: quoteView.state,
    actions: quoteView.actions,
    chosen_option: quoteView.chosenOption,
    answer: quoteView.answer,
  };
}
