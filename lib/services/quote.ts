import "server-only";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import type { Db } from "@/db/client";
import { customer } from "@/db/schema/customer";
import { member } from "@/db/schema/member";
import { organization } from "@/db/schema/organization";
import { project, projectType } from "@/db/schema/project";
import { quote, quoteAnswer } from "@/db/schema/quote";
import { site } from "@/db/schema/site";
import { organizationCurrency } from "@/lib/money/currency";
import type { quoteCreateSchema, quoteListQuerySchema, quoteUpdateSchema } from "@/lib/schemas/quote";
import type { QuoteContent, QuoteDeposit } from "@/lib/schemas/quote-content";
import type { QuoteStatus } from "@/lib/schemas/quote-values";
import type { z } from "@/lib/schemas/z";
import { now } from "@/lib/server/clock";
import { accessLevel } from "@/lib/server/access";
import { conflict, forbidden, invalidAt } from "@/lib/server/errors";
import { readHistory, recordHistory } from "@/lib/server/history";
import { createItem, getItem, listResponse, lockEditable, requireReference, updateItem } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { customerEntity } from "@/lib/entities/customer";
import { projectEntity } from "@/lib/entities/project";
import { quoteBaseView, quoteEntity, quoteListEntity, type QuoteRow } from "@/lib/entities/quote";
import { quoteTotal, readableContent, storedContent, storedDeposit } from "./quote-content";
import { canonicalJson } from "./quote-document";
import { businessTimeZone } from "./site";

/**
 * Quotes to customers (issue 38). A quote is seen and changed as its customer is
 * (lib/entities/quote.ts); writing needs customers_manage (the routes ask for it).
 * Only a draft is changed; a sent one is revised into the next revision's draft.
 */

/** Days a new quote is valid for when it names no date. */
export const QUOTE_VALID_DAYS = 30;

/** Statuses a quote may be revised from: sent to the customer and not approved. */
const REVISABLE: readonly QuoteStatus[] = ["sent", "viewed", "changes_requested", "declined", "expired"];

type CreateInput = z.output<typeof quoteCreateSchema>;
type UpdateInput = z.output<typeof quoteUpdateSchema>;
type ListQuery = z.output<typeof quoteListQuerySchema>;

/** Today at a time zone, as YYYY-MM-DD. */
export const todayAt = (zone: string, at = now()) => Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(zone).toPlainDate();

/** The zone a quote's days are counted in: its location's business details', else the organization's. */
export const quoteTimeZone = (db: Db, row: Pick<QuoteRow, "organizationId" | "locationId">) => businessTimeZone(db, row.organizationId, row.locationId);

async function organizationOf(db: Db, organizationId: string) {
  const [org] = await db.select().from(organization).where(eq(organization.id, organizationId));
  return org;
}

/** The customer's site, project, project type and owner a quote names, each checked: a 400 on its field when it may not be named. */
async function checkReferences(
  db: Db,
  session: SessionContext,
  customerId: string,
  input: { site?: string | null; project?: string | null; project_type?: string | null; owner?: string },
) {
  if (input.site) {
    const [found] = await db
      .select({ id: site.id, status: site.status })
      .from(site)
      .where(and(eq(site.organizationId, session.organizationId), eq(site.id, input.site), eq(site.customerId, customerId)));
    if (!found || found.status !== "active") throw invalidAt("site", "errors.quote.siteUnknown");
  }
  if (input.project) {
    const found = await requireReference(db, session, projectEntity, input.project, { path: "project", unknown: "errors.quote.projectUnknown" });
    if (found.customer !== customerId) throw invalidAt("project", "errors.quote.projectUnknown");
  }
  if (input.project_type) {
    const [found] = await db
      .select({ status: projectType.status })
      .from(projectType)
      .where(and(eq(projectType.organizationId, session.organizationId), eq(projectType.id, input.project_type)));
    if (!found || found.status !== "active") throw invalidAt("project_type", "errors.reference.projectTypeUnknown");
  }
  if (input.owner) {
    const [found] = await db
      .select({ status: member.status })
      .from(member)
      .where(and(eq(member.organizationId, session.organizationId), eq(member.id, input.owner)));
    if (!found || found.status !== "active") throw invalidAt("owner", "errors.reference.ownerInactive");
  }
}

const depositColumns = (deposit: QuoteDeposit | null) => ({
  depositPercentMilli: deposit && "percent_milli" in deposit ? deposit.percent_milli : null,
  depositAmount: deposit && "amount" in deposit ? deposit.amount : null,
});

export const storedDepositOf = (row: Pick<QuoteRow, "depositPercentMilli" | "depositAmount">): QuoteDeposit | null =>
  row.depositPercentMilli !== null ? { percent_milli: row.depositPercentMilli } : row.depositAmount !== null ? { amount: row.depositAmount } : null;

export async function createQuote(db: Db, session: SessionContext, input: CreateInput) {
  const client = await requireReference(db, session, customerEntity, input.customer, {
    path: "customer",
    unknown: "errors.reference.customerUnknown",
    refuse: (item) => (item.status === "active" ? null : "errors.reference.customerUnknown"),
  });
  // The quote is shared as its customer is: writing one needs what changing the customer needs.
  if (accessLevel({ organizationId: client.organization, locationId: client.location, sharing: client.sharing }, session) !== "edit") throw forbidden();
  await checkReferences(db, session, client.id, input);
  const org = await organizationOf(db, session.organizationId);
  const currency = organizationCurrency(org);
  const content = await storedContent(db, session.organizationId, input.options);
  const deposit = storedDeposit(input.deposit);
  const zone = await businessTimeZone(db, session.organizationId, client.location);
  const validUntil = input.valid_until !== undefined ? input.valid_until : todayAt(zone).add({ days: QUOTE_VALID_DAYS }).toString();
  return createItem(db, session, quoteEntity, {
    customerId: client.id,
    siteId: input.site ?? null,
    projectId: input.project ?? null,
    projectTypeId: input.project_type ?? null,
    ownerId: input.owner ?? session.memberId,
    title: input.title,
    introduction: input.introduction ?? null,
    terms: input.terms ?? null,
    internalNotes: input.internal_notes ?? null,
    validUntil,
    currency,
    ...depositColumns(deposit),
    content,
    total: quoteTotal(content, currency, deposit, null),
  });
}

/** The customer's latest approval, whose choice the totals of an approved quote count. */
export async function approvedChoiceOf(db: Db, row: QuoteRow) {
  if (row.status !== "approved" || !row.chosenOptionId) return null;
  const [answer] = await db
    .select({ option: quoteAnswer.optionId, lines: quoteAnswer.optionalLineIds })
    .from(quoteAnswer)
    .where(and(eq(quoteAnswer.organizationId, row.organizationId), eq(quoteAnswer.quoteId, row.id), eq(quoteAnswer.answer, "approved")))
    .orderBy(desc(quoteAnswer.answeredAt))
    .limit(1);
  return { option: row.chosenOptionId, optional_lines: answer?.lines ?? [] };
}

/** A quote as GET answers it: its header, its customer's name, its options with their totals, and the customer's answers. */
export async function quoteAnswerView(db: Db, row: QuoteRow) {
  const [client] = await db
    .select({ name: customer.name })
    .from(customer)
    .where(and(eq(customer.organizationId, row.organizationId), eq(customer.id, row.customerId)));
  const answers = await db
    .select()
    .from(quoteAnswer)
    .where(and(eq(quoteAnswer.organizationId, row.organizationId), eq(quoteAnswer.quoteId, row.id)))
    .orderBy(asc(quoteAnswer.answeredAt));
  const choice = await approvedChoiceOf(db, row);
  return {
    ...quoteBaseView(row),
    customer_name: client?.name ?? null,
    options: readableContent(row.content, row.currency, storedDepositOf(row), choice),
    answers: answers.map((answer) => ({
      answer: answer.answer,
      option: answer.optionId,
      optional_lines: answer.optionalLineIds,
      name: answer.name,
      comment: answer.comment,
      revision: answer.revision,
      revision_hash: answer.revisionHash,
      address: answer.address,
      user_agent: answer.userAgent,
      answered: answer.answeredAt,
      has_signature: answer.signature !== null,
    })),
  };
}

async function visibleRow(db: Db, session: SessionContext, id: string): Promise<QuoteRow> {
  await getItem(db, session, quoteEntity, id);
  const [row] = await db.select().from(quote).where(and(eq(quote.organizationId, session.organizationId), eq(quote.id, id)));
  return row;
}

export async function getQuote(db: Db, session: SessionContext, id: string) {
  return quoteAnswerView(db, await visibleRow(db, session, id));
}

export async function quoteHistory(db: Db, session: SessionContext, id: string) {
  await getItem(db, session, quoteEntity, id);
  return readHistory(db, session.organizationId, quoteEntity.type, id);
}

/** A page of quotes: headers and totals with the customer's name, no options. */
export function listQuotes(db: Db, session: SessionContext, query: ListQuery) {
  return listResponse(db, session, quoteListEntity, query, [
    query.customer ? inArray(quote.customerId, query.customer) : undefined,
    query.project ? inArray(quote.projectId, query.project) : undefined,
  ]);
}

/** PATCH: a draft only; its content, deposit and total are written together. */
export async function updateQuote(db: Db, session: SessionContext, id: string, input: UpdateInput) {
  const { options, deposit, site: siteId, project: projectId, project_type, owner, valid_until, internal_notes, ...rest } = input;
  const updated = await updateItem(
    db,
    session,
    quoteEntity,
    id,
    { ...rest, valid_until, internal_notes, site: siteId, project: projectId, project_type, owner },
    {
      prepare: async (tx, row) => {
        if (row.status !== "draft") throw conflict("errors.quote.notDraft");
        await checkReferences(tx, session, row.customerId, { site: siteId, project: projectId, project_type, owner });
        const written: QuoteContent = options ? await storedContent(tx, session.organizationId, options, row.content) : row.content;
        // The database keeps its own order of keys: the same content given again is no change.
        const content = canonicalJson(written) === canonicalJson(row.content) ? row.content : written;
        const nextDeposit = deposit !== undefined ? storedDeposit(deposit) : storedDepositOf(row);
        const columns = depositColumns(nextDeposit);
        return {
          patch: {
            options: content,
            deposit_percent: columns.depositPercentMilli,
            deposit_amount: columns.depositAmount,
            total: quoteTotal(content, row.currency, nextDeposit, null),
          },
        };
      },
    },
  );
  return getQuote(db, session, updated.id);
}

/**
 * Starts the next revision as a draft from a quote the customer has (or had): its content
 * is copied, the customer's link keeps showing the revision sent until the next send.
 */
export async function reviseQuote(db: Db, session: SessionContext, id: string) {
  await db.transaction(async (tx) => {
    const row = await lockEditable(tx, session, quoteEntity, id);
    if (row.status === "approved") throw conflict("errors.quote.approvedFinal");
    if (row.status === "draft") throw conflict("errors.quote.alreadyDraft");
    if (!REVISABLE.includes(row.status)) throw conflict("errors.quote.notDraft");
    const at = now();
    await tx
      .update(quote)
      .set({ revision: row.revision + 1, status: "draft", statusChanged: at, updatedAt: at })
      .where(and(eq(quote.organizationId, row.organizationId), eq(quote.id, row.id)));
    await recordHistory(tx, {
      organizationId: session.organizationId,
      entityType: quoteEntity.type,
      entityId: id,
      memberId: session.memberId,
      action: "updated",
      changes: { revision: [row.revision, row.revision + 1], status: [row.status, "draft"] },
    });
  });
  return getQuote(db, session, id);
}
