import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { quote, quoteRevision } from "@/db/schema/quote";
import { wordsFor } from "@/lib/i18n/messages";
import { formatMoney } from "@/lib/money/format";
import { quoteTotals } from "@/lib/money/quote-totals";
import type { quoteSendSchema } from "@/lib/schemas/quote";
import type { QuoteDocument } from "@/lib/schemas/quote-content";
import type { z } from "@/lib/schemas/z";
import { now } from "@/lib/server/clock";
import { takeNumber } from "@/lib/server/document-number";
import { conflict, invalidAt, notFound } from "@/lib/server/errors";
import { recordHistory } from "@/lib/server/history";
import { getItem, lockEditable } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { quoteEntity, type QuoteRow } from "@/lib/entities/quote";
import { attachToMessage, documentResponse, sendRecipient, writeDocumentMessage } from "./document-send";
import { planQuoteFollowUp, type Planned } from "./automatic-messages/plan";
import { queuePlanned } from "./automatic-messages/send";
import { queueDelivery } from "./messaging/delivery";
import { approvedChoiceOf, getQuote, quoteTimeZone, storedDepositOf, todayAt } from "./quote";
import { quoteTotal } from "./quote-content";
import { documentHash, quoteDocument } from "./quote-document";
import { freshLink, linkExpiry } from "./quote-link";
import { quotePdf, type QuotePdfInput } from "./quote-pdf";

export { quoteLinkUrl } from "./quote-link";

/**
 * Sending a quote (POST /quote/{id}/send): in one transaction the quote takes its
 * number (on its first send), its revision is frozen with the document's hash, it is
 * sent, its older links end and a new one is made, and the message with the link is
 * written into the customer's conversation on that channel as a staff member's message
 * is. Once that has committed, an email's PDF is rendered and attached (the rendering
 * holds no lock), and the message is delivered.
 */

type SendInput = z.output<typeof quoteSendSchema>;

/** Statuses a quote is sent from: a draft (its next revision), or one with the customer still (sent again, as it was). */
const SENDABLE = new Set(["draft", "sent", "viewed"]);

/** The last revision sent, or null before the first send. */
export async function lastSentRevision(db: Db, organizationId: string, quoteId: string) {
  const [found] = await db
    .select()
    .from(quoteRevision)
    .where(and(eq(quoteRevision.organizationId, organizationId), eq(quoteRevision.quoteId, quoteId)))
    .orderBy(desc(quoteRevision.revision))
    .limit(1);
  return found ?? null;
}

/** The subject and text sent, in the customer's language, unless the sender wrote their own. */
function messageTexts(document: QuoteDocument, input: SendInput, url: string) {
  const words = wordsFor(document.language);
  const seller = document.seller.legal_name ?? document.seller.name;
  const totals = quoteTotals(document.content, document.currency, document.deposit);
  const money = (amount: number) => formatMoney(amount, document.currency, document.language);
  // Each option with its own total when there are several: the customer chooses between them.
  const total =
    totals.length > 1
      ? new Intl.ListFormat(document.language, { type: "disjunction" }).format(
          document.content.options.map((option, index) => words("quoteSend.optionTotal", { option: option.name, total: money(totals[index].totals.gross) })),
        )
      : money(totals[0]?.totals.gross ?? 0);
  const values = { number: document.number, title: document.title, business: seller, name: document.buyer.name, link: url, total };
  const subject = input.subject || words("quoteSend.subject", values);
  const intro = input.message || words(input.channel === "email" ? "quoteSend.email" : "quoteSend.sms", values);
  const content = input.message ? `${intro}\n\n${words("quoteSend.linkLine", values)}` : intro;
  return { subject, content };
}

export async function sendQuote(db: Db, session: SessionContext, id: string, input: SendInput) {
  await getItem(db, session, quoteEntity, id);
  let followUp: Planned = [];
  const done = await db.transaction(async (tx) => {
    const row = await lockEditable(tx, session, quoteEntity, id);
    if (!SENDABLE.has(row.status)) throw conflict("errors.quote.notSendable");
    const to = await sendRecipient(tx, row.organizationId, row.customerId, input.channel, input.to);
    const at = now();
    let revision = await lastSentRevision(tx, row.organizationId, row.id);
    let sent = row;
    if (row.status === "draft") {
      const zone = await quoteTimeZone(tx, row);
      // Its link would end before the customer opened it.
      if (row.validUntil && row.validUntil < todayAt(zone, at).toString()) throw invalidAt("valid_until", "errors.quote.validUntilPast");
      const number = row.number ?? (await takeNumber(tx, row.organizationId, "quote", at));
      const document = await quoteDocument(tx, { ...row, number }, number, todayAt(zone, at).toString());
      [revision] = await tx
        .insert(quoteRevision)
        .values({ organizationId: row.organizationId, quoteId: row.id, revision: row.revision, document, hash: documentHash(document), sentAt: at, sentBy: session.memberId })
        .returning();
      [sent] = await tx
        .update(quote)
        .set({
          number,
          status: "sent",
          sentAt: at,
          statusChanged: at,
          updatedAt: at,
          total: quoteTotal(row.content, row.currency, storedDepositOf(row), null),
        })
        .where(and(eq(quote.organizationId, row.organizationId), eq(quote.id, row.id)))
        .returning();
      await recordHistory(tx, {
        organizationId: session.organizationId,
        entityType: quoteEntity.type,
        entityId: row.id,
        memberId: session.memberId,
        action: "updated",
        changes: { ...(row.number === null && { number: [null, number] }), status: [row.status, "sent"], sent: [input.channel, to] },
      });
    } else {
      await recordHistory(tx, {
        organizationId: session.organizationId,
        entityType: quoteEntity.type,
        entityId: row.id,
        memberId: session.memberId,
        action: "updated",
        changes: { sent: [input.channel, to] },
      });
    }
    const document = revision!.document;
    const link = await freshLink(tx, sent);
    const { subject, content } = messageTexts(document, input, link.url);
    const zone = await quoteTimeZone(tx, sent);
    // The follow-up of this send, by its channel to its address, should the customer neither open nor answer it.
    followUp = await planQuoteFollowUp(tx, sent, { channel: input.channel, to, at, zone });
    const written = await writeDocumentMessage(tx, session, { organizationId: row.organizationId, customerId: row.customerId, channel: input.channel, to, subject, content });
    // Where the customer's answer to this revision lands.
    await tx
      .update(quoteRevision)
      .set({ conversationId: written.conversationId })
      .where(and(eq(quoteRevision.organizationId, row.organizationId), eq(quoteRevision.quoteId, row.id), eq(quoteRevision.revision, revision!.revision)));
    return { written, document, zone };
  });
  const { written, document, zone } = done;
  // The PDF is rendered once the number's counter row is free again: other sends of the organization do not wait on it.
  // The message is delivered only after, so the email carries it.
  if (input.channel === "email") await attachQuotePdf(db, session, { id, written, document, zone });
  if (written.delivery === "queued") await queueDelivery(written.id);
  await queuePlanned(followUp);
  return { ...(await getQuote(db, session, id)), message: { id: written.id, conversation: written.conversationId } };
}

/** The sent revision's PDF, stored as a file of the send's message (before its delivery is queued). */
function attachQuotePdf(db: Db, session: SessionContext, sent: { id: string; written: { id: string }; document: QuoteDocument; zone: string }) {
  return attachToMessage(db, session, sent.written.id, `quote ${sent.id}`, async () => [
    {
      name: `${sent.document.number}.pdf`,
      bytes: await quotePdf(db, { organizationId: session.organizationId, id: sent.id, timeZone: sent.zone }, { document: sent.document, status: "sent" }),
    },
  ]);
}

/** POST /quote/{id}/link: a fresh link to the last revision sent, the older ones ended. */
export async function quoteLink(db: Db, session: SessionContext, id: string) {
  return db.transaction(async (tx) => {
    const row = await lockEditable(tx, session, quoteEntity, id);
    if (!(await lastSentRevision(tx, row.organizationId, row.id))) throw conflict("errors.quote.neverSent");
    if (row.status === "expired") throw conflict("errors.quote.expiredLink");
    const link = await freshLink(tx, row);
    return { url: link.url, token: link.token, expires: await linkExpiry(tx, row) };
  });
}

/**
 * GET /quote/{id}/pdf: a sent revision's PDF (the last one, or `revision`), an approved
 * quote's with the customer's choice; a quote in draft renders its current content as a
 * preview marked as a draft.
 */
export async function quotePdfResponse(db: Db, session: SessionContext, id: string, revision?: number): Promise<Response> {
  await getItem(db, session, quoteEntity, id);
  const [row] = await db.select().from(quote).where(and(eq(quote.organizationId, session.organizationId), eq(quote.id, id)));
  let input: QuotePdfInput;
  if (revision !== undefined || row.status !== "draft") {
    const [frozen] = await db
      .select()
      .from(quoteRevision)
      .where(and(eq(quoteRevision.organizationId, row.organizationId), eq(quoteRevision.quoteId, row.id), eq(quoteRevision.revision, revision ?? row.revision)));
    const found = frozen ?? (revision === undefined ? await lastSentRevision(db, row.organizationId, row.id) : null);
    if (!found) throw notFound("Revision");
    const choice = row.status === "approved" && found.revision === row.revision ? await approvedChoiceOf(db, row) : null;
    input = { document: found.document, status: found.revision === row.revision ? row.status : "sent", choice };
  } else {
    const document = await quoteDocument(db, row, row.number ?? "", todayAt(await quoteTimeZone(db, row)).toString());
    input = { document, status: "draft", draft: true };
  }
  const pdf = await quotePdf(db, { organizationId: row.organizationId, id: row.id, timeZone: await quoteTimeZone(db, row) }, input);
  return documentResponse(pdf, "application/pdf", `${input.document.number || "draft"}-${input.document.revision}.pdf`);
}
