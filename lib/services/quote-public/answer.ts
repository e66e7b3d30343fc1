import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { conversation } from "@/db/schema/conversation";
import { customer } from "@/db/schema/customer";
import { organization } from "@/db/schema/organization";
import { quote, quoteAnswer } from "@/db/schema/quote";
import { formatMoney } from "@/lib/money/format";
import { optionTotals } from "@/lib/money/quote-totals";
import { translatorFor } from "@/lib/i18n/messages";
import type { QuoteAnswerInput } from "@/lib/schemas/quote-public";
import type { QuoteChoice, QuoteDocument } from "@/lib/schemas/quote-content";
import { conflict, invalidAt } from "@/lib/server/errors";
import { recordHistory } from "@/lib/server/history";
import type { PublicActor } from "@/lib/server/public-route";
import { startConversation } from "@/lib/services/conversation";
import { reopenConversation } from "@/lib/services/messaging/inbound";
import { appendMessage } from "@/lib/services/messaging/message-store";
import { notifyQuoteAnswer, notifyQuoteProject } from "@/lib/services/notify";
import { projectFromApproval } from "./project";
import { signaturePng } from "./signature";
import { lastSentRevision, linkedQuote, publicState, type LinkedQuote, type PublicQuoteState, type QuoteRow } from "./view";

/**
 * The customer's answer on a quote's public page, all in one transaction: the answer
 * recorded as given (name, time, address, browser, the hash of the revision answered,
 * the signature), the quote's new status, its history, an entry in the customer's
 * conversation, a notification to the quote's owner, and on approval the project with
 * the agreed lines.
 */

/** The choice an approval makes, checked against the revision answered: an option of it, and optional lines of that option. */
function choiceOf(document: QuoteDocument, input: Extract<QuoteAnswerInput, { answer: "approved" }>): QuoteChoice {
  const option = document.content.options.find((candidate) => candidate.id === input.option);
  if (!option) throw invalidAt("option", "validation.publicQuote.option");
  const optional = new Set(option.sections.flatMap((section) => section.lines.filter((line) => line.optional).map((line) => line.id)));
  input.optional_lines.forEach((id, index) => {
    if (!optional.has(id)) throw invalidAt(`optional_lines.${index}`, "validation.publicQuote.optionalLine");
  });
  return { option: option.id, optional_lines: [...new Set(input.optional_lines)] };
}

/** Why a quote takes no answer now, in the customer's words: it was answered, has expired, or is being revised. */
const CLOSED: Record<Exclude<PublicQuoteState, "open">, string> = {
  approved: "errors.publicQuote.closed.approved",
  declined: "errors.publicQuote.closed.declined",
  changes_requested: "errors.publicQuote.closed.changes_requested",
  expired: "errors.publicQuote.closed.expired",
  revising: "errors.publicQuote.closed.revising",
};

function refuseClosed(row: QuoteRow) {
  const state = publicState(row.status);
  if (state !== "open") throw conflict(CLOSED[state]);
}

/**
 * The conversation the answer lands in: the one the revision answered was last sent in
 * (opened again when closed), else the customer's most recently active one, else a new one with them.
 */
async function customerConversation(tx: Db, row: QuoteRow, sentIn: string | null, customerName: string, title: string) {
  if (sentIn) {
    const [sent] = await tx
      .select()
      .from(conversation)
      .where(and(eq(conversation.organizationId, row.organizationId), eq(conversation.id, sentIn), eq(conversation.customerId, row.customerId)))
      .for("update");
    if (sent && sent.status !== "removed") return reopenConversation(tx, sent);
  }
  const [open] = await tx
    .select()
    .from(conversation)
    .where(and(eq(conversation.organizationId, row.organizationId), eq(conversation.customerId, row.customerId), eq(conversation.status, "active")))
    .orderBy(sql`${conversation.lastMessageAt} desc nulls last`, desc(conversation.createdAt))
    .limit(1)
    .for("update");
  if (open) return open;
  return startConversation(tx, {
    organizationId: row.organizationId,
    locationId: row.locationId,
    memberId: null,
    title,
    customer: { id: row.customerId, name: customerName },
    sources: [],
  });
}

type Answered = { status: QuoteAnswerInput["answer"]; project: string | null };

export async function answerPublicQuote(db: Db, linked: LinkedQuote, input: QuoteAnswerInput, actor: PublicActor): Promise<Answered> {
  const signature = input.answer === "approved" ? signaturePng(input.signature) : null;
  return db.transaction(async (tx) => {
    const row = await linkedQuote(tx, linked, true);
    refuseClosed(row);
    const revision = await lastSentRevision(tx, row);
    if (input.revision_hash !== revision.hash) throw conflict("errors.publicQuote.revisionChanged");
    const document = revision.document;
    const choice = input.answer === "approved" ? choiceOf(document, input) : null;
    const name = input.name ?? null;
    const comment = "comment" in input && input.comment ? input.comment : null;

    await tx.insert(quoteAnswer).values({
      organizationId: row.organizationId,
      quoteId: row.id,
      revision: revision.revision,
      revisionHash: revision.hash,
      answer: input.answer,
      optionId: choice?.option ?? null,
      optionalLineIds: choice ? [...choice.optional_lines] : [],
      name,
      comment,
      signature,
      address: actor.address,
      userAgent: actor.userAgent,
      answeredAt: actor.at,
    });

    const chosen = choice ? document.content.options.find((option) => option.id === choice.option)! : null;
    const totals = chosen && choice ? optionTotals(chosen, document.currency, document.deposit, choice) : null;
    const projectId = choice ? await projectFromApproval(tx, row, document, choice) : null;
    const [updated] = await tx
      .update(quote)
      .set({
        status: input.answer,
        answeredAt: actor.at,
        statusChanged: actor.at,
        updatedAt: actor.at,
        ...(choice && totals ? { chosenOptionId: choice.option, total: totals.totals.gross } : {}),
        ...(projectId ? { projectId } : {}),
      })
      .where(and(eq(quote.organizationId, row.organizationId), eq(quote.id, row.id)))
      .returning();
    await recordHistory(tx, {
      organizationId: row.organizationId,
      entityType: "quote",
      entityId: row.id,
      memberId: null,
      action: "updated",
      changes: {
        status: [row.status, updated.status],
        ...(choice ? { chosen_option: [row.chosenOptionId, choice.option] } : {}),
        ...(projectId && projectId !== row.projectId ? { project: [row.projectId, projectId] } : {}),
      },
    });

    const [facts] = await tx
      .select({ language: organization.language, customerName: customer.name })
      .from(organization)
      .innerJoin(customer, and(eq(customer.organizationId, organization.id), eq(customer.id, row.customerId)))
      .where(eq(organization.id, row.organizationId));
    // What the office reads in the conversation, in the organization's language.
    const t = translatorFor(facts.language);
    const number = row.number ?? row.title;
    const title = t("publicQuote.entry.title", { answer: input.answer, number });
    const body = [
      chosen && totals
        ? t("publicQuote.entry.approved", { option: chosen.name, total: formatMoney(totals.totals.gross, document.currency, facts.language) })
        : null,
      chosen && document.content.options.length > 1 ? t("publicQuote.entry.othersDeclined") : null,
      choice && choice.optional_lines.length > 0 && chosen
        ? t("publicQuote.entry.optional", {
            lines: chosen.sections
              .flatMap((section) => section.lines)
              .filter((line) => choice.optional_lines.includes(line.id))
              .map((line) => line.name)
              .join(", "),
          })
        : null,
      comment,
      name ? t("publicQuote.entry.by", { name }) : null,
    ].filter((part): part is string => Boolean(part));
    const target = await customerConversation(tx, row, revision.conversationId, facts.customerName, t("publicQuote.entry.conversation", { number }));
    await appendMessage(tx, target, {
      authorId: null,
      channel: "page",
      direction: "incoming",
      source: "",
      sourceName: name,
      title,
      content: body.join("\n"),
      delivery: null,
      date: actor.at,
    });
    await notifyQuoteAnswer(tx, row, { kind: input.answer, customer: name ?? facts.customerName, comment });
    // The project is the quote's title; the owner of both learns it was made and where it is.
    if (projectId && projectId !== row.projectId) await notifyQuoteProject(tx, row, { id: projectId, title: row.title });
    return { status: input.answer, project: projectId };
  });
}
