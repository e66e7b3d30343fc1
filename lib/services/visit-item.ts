import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { invoice } from "@/db/schema/invoice";
import { member } from "@/db/schema/member";
import { project } from "@/db/schema/project";
import { visit, visitItem } from "@/db/schema/visit";
import { percentNumber } from "@/lib/money/decimal";
import { lineNet } from "@/lib/money/totals";
import { storedLine } from "./stored-line";
import type { QuoteLine } from "@/lib/schemas/quote-content";
import type { visitItemCreateSchema, visitItemUpdateSchema } from "@/lib/schemas/visit-item";
import { VISIT_ITEM_MAX } from "@/lib/schemas/visit-item";
import type { z } from "@/lib/schemas/z";
import { ApiError, badRequest, conflict, forbidden, invalidAt, missingPrivilege, notFound } from "@/lib/server/errors";
import { recordHistory } from "@/lib/server/history";
import { getItem, lockVisible } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { visitEntity, type VisitRow } from "@/lib/entities/visit";
import { storedContent } from "./quote-content";
import { editsProject } from "./workflow-rules";

/**
 * What was used on a visit (db/schema/visit.ts visit_item): time worked and materials. Seen as
 * the visit is; written by whoever may change the visit, and by the members assigned to it
 * (who record their own work on site, as they move its status along). A line is filled from
 * the price book as a quote's lines are (storedContent). Once an invoice that is not void
 * bills a row, the row no longer changes (409): the invoice is what was billed.
 */

export type VisitItemRow = typeof visitItem.$inferSelect;
type CreateInput = z.output<typeof visitItemCreateSchema>;
type UpdateInput = z.output<typeof visitItemUpdateSchema>;

/** A time entry's quantity: its minutes in hours, in thousandths (25 minutes: 0.417 hours). */
export const hoursOf = (minutes: number) => Math.round((minutes * 1000) / 60);

/** The visit items billed by an invoice of the project that is not void (a voided draft releases them), as the lines' sources name them. */
export async function invoicedVisitItems(db: Db, organizationId: string, projectId: string): Promise<Set<string>> {
  const result = await db.execute(sql`
    select distinct l.line->'source'->>'id' as id
    from ${invoice} i,
      jsonb_array_elements(i.content->'sections') as s(section),
      jsonb_array_elements(s.section->'lines') as l(line)
    where i.organization_id = ${organizationId} and i.project_id = ${projectId}
      and i.kind = 'invoice' and i.status <> 'void'
      and l.line->'source'->>'kind' = 'visit'`);
  const list = (result as unknown as { rows: { id: string }[] }).rows;
  return new Set(list.map((row) => row.id));
}

export function visitItemView(row: VisitItemRow, invoiced: boolean) {
  return {
    id: row.id,
    visit: row.visitId,
    project: row.projectId,
    kind: row.kind,
    member: row.memberId,
    minutes: row.minutes,
    price_item: row.priceItemId,
    name: row.name,
    description: row.description,
    quantity: row.quantity / 1000,
    unit: row.unit,
    unit_price: row.unitPrice,
    tax: { id: row.taxRateId, name: row.taxName, category: row.taxCategory, percent: percentNumber(row.taxPercentMilli), exemption_reason: row.taxExemptionReason },
    net: lineNet({ quantity: row.quantity, unitPrice: row.unitPrice, discount: null }),
    invoiced,
    created_by: row.createdBy,
    created: row.createdAt,
    updated: row.updatedAt,
  };
}

export type VisitItemView = ReturnType<typeof visitItemView>;

const itemsOf = (db: Db, organizationId: string, visitId: string) =>
  db
    .select()
    .from(visitItem)
    .where(and(eq(visitItem.organizationId, organizationId), eq(visitItem.visitId, visitId)))
    .orderBy(asc(visitItem.createdAt), asc(visitItem.id));

/** GET /visit/{id}/item: what was used on the visit, oldest first, with each line's net and whether it was invoiced. */
export async function listVisitItems(db: Db, session: SessionContext, visitId: string) {
  const visitView = await getItem(db, session, visitEntity, visitId);
  const rows = await itemsOf(db, session.organizationId, visitId);
  const invoiced = rows.length > 0 ? await invoicedVisitItems(db, session.organizationId, visitView.project) : new Set<string>();
  return { items: rows.map((row) => visitItemView(row, invoiced.has(row.id))) };
}

/** The visit, locked, when the session may record what was used on it: its editors, and its assigned members. */
async function writableVisit(tx: Db, session: SessionContext, visitId: string): Promise<VisitRow> {
  const { row, level } = await lockVisible(tx, session, visitEntity, visitId);
  if (row.members.includes(session.memberId)) return row;
  if (level !== "edit") throw forbidden();
  const [owner] = await tx
    .select({ ownerId: project.ownerId })
    .from(project)
    .where(and(eq(project.organizationId, session.organizationId), eq(project.id, row.projectId)));
  if (!editsProject(session, { owner: owner.ownerId }, level)) throw missingPrivilege("projects_manage");
  return row;
}

/** The worker of a time entry is an active member of the organization (400 at `member`). */
async function checkWorker(tx: Db, session: SessionContext, id: string) {
  const [found] = await tx
    .select({ status: member.status })
    .from(member)
    .where(and(eq(member.organizationId, session.organizationId), eq(member.id, id)));
  if (found?.status !== "active") throw invalidAt("member", "errors.visit.memberInactive");
}

type LineFields = Pick<CreateInput, "price_item" | "name" | "description" | "unit" | "unit_price" | "tax_rate">;

/**
 * The line a row holds, filled from the price book as a quote's line is (one line of a
 * one-line quote, its errors put back at the item's own fields). A time entry is counted
 * in hours whatever the item's unit.
 */
async function resolvedLine(tx: Db, session: SessionContext, kind: "time" | "material", fields: LineFields, quantity: number, before?: VisitItemRow): Promise<QuoteLine> {
  const input = {
    ...(before && { id: "kept" }),
    price_item: fields.price_item ?? null,
    name: fields.name || undefined,
    description: fields.description,
    quantity: 0,
    unit: kind === "time" ? ("hour" as const) : fields.unit,
    unit_price: fields.unit_price,
    tax_rate: fields.tax_rate,
    optional: false,
    selected: true,
  };
  try {
    // A row changed keeps its tax rate's copy while it names the same rate, archived since or not (as a quote's line does).
    const previous = before && {
      options: [{ id: "o", name: "", description: null, sections: [{ id: "s", title: "", lines: [{ ...asQuoteLine(before), id: "kept" }] }] }],
    };
    const content = await storedContent(tx, session.organizationId, [{ name: "", sections: [{ title: "", lines: [input] }] }], previous);
    return { ...content.options[0].sections[0].lines[0], quantity };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400 && Array.isArray(error.extra.errors)) {
      const errors = (error.extra.errors as { path: string; message: string }[]).map((item) => ({ ...item, path: item.path.replace(/^options\.0\.sections\.0\.lines\.0\./, "") }));
      throw badRequest(errors);
    }
    throw error;
  }
}

const asQuoteLine = (row: VisitItemRow): QuoteLine => ({ id: row.id, ...storedLine(row), optional: false, selected: true });

const lineColumns = (line: QuoteLine) => ({
  priceItemId: line.price_item,
  name: line.name,
  description: line.description,
  quantity: line.quantity,
  unit: line.unit,
  unitPrice: line.unit_price,
  unitCost: line.unit_cost,
  taxRateId: line.tax.id,
  taxName: line.tax.name,
  taxCategory: line.tax.category,
  taxPercentMilli: line.tax.percent_milli,
  taxExemptionReason: line.tax.exemption_reason,
});

/** What history shows of a row: its words, not its ids. */
const shown = (row: Pick<VisitItemRow, "name" | "quantity" | "unit" | "unitPrice" | "minutes" | "memberId">) => ({
  name: row.name,
  quantity: row.quantity / 1000,
  unit: row.unit,
  unit_price: row.unitPrice,
  ...(row.minutes !== null && { minutes: row.minutes, member: row.memberId }),
});

async function record(tx: Db, session: SessionContext, visitId: string, kind: string, before: unknown, after: unknown) {
  await recordHistory(tx, {
    organizationId: session.organizationId,
    entityType: visitEntity.type,
    entityId: visitId,
    memberId: session.memberId,
    action: "updated",
    changes: { [kind === "time" ? "time_worked" : "material"]: [before ?? null, after ?? null] },
  });
}

/** POST /visit/{id}/item: time worked or a material used, recorded in the visit's history. */
export async function createVisitItem(db: Db, session: SessionContext, visitId: string, input: CreateInput) {
  const created = await db.transaction(async (tx) => {
    const row = await writableVisit(tx, session, visitId);
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(visitItem)
      .where(and(eq(visitItem.organizationId, session.organizationId), eq(visitItem.visitId, visitId)));
    if (count >= VISIT_ITEM_MAX) throw conflict("errors.visitItem.tooMany", { max: VISIT_ITEM_MAX });
    const worker = input.kind === "time" ? (input.member ?? session.memberId) : null;
    if (worker && input.member !== undefined) await checkWorker(tx, session, worker);
    const quantity = input.kind === "time" ? hoursOf(input.minutes!) : Math.round(input.quantity! * 1000);
    const line = await resolvedLine(tx, session, input.kind, input, quantity);
    const [made] = await tx
      .insert(visitItem)
      .values({
        organizationId: session.organizationId,
        visitId,
        projectId: row.projectId,
        kind: input.kind,
        memberId: worker,
        minutes: input.kind === "time" ? input.minutes! : null,
        ...lineColumns(line),
        createdBy: session.memberId,
      })
      .returning();
    await record(tx, session, visitId, made.kind, null, shown(made));
    return made;
  });
  return visitItemView(created, false);
}

/** The row, locked, when it is the visit's and not yet invoiced. */
async function changeableItem(tx: Db, session: SessionContext, visit: VisitRow, itemId: string): Promise<VisitItemRow> {
  const [row] = await tx
    .select()
    .from(visitItem)
    .where(and(eq(visitItem.organizationId, session.organizationId), eq(visitItem.visitId, visit.id), eq(visitItem.id, itemId)))
    .for("update");
  if (!row) throw notFound("Visit item");
  if ((await invoicedVisitItems(tx, session.organizationId, visit.projectId)).has(row.id)) throw conflict("errors.visitItem.invoiced");
  return row;
}

/** PATCH /visit/{id}/item/{itemId}: a change of what was recorded; the line is filled again from a newly named price item. */
export async function updateVisitItem(db: Db, session: SessionContext, visitId: string, itemId: string, input: UpdateInput) {
  const updated = await db.transaction(async (tx) => {
    const visit = await writableVisit(tx, session, visitId);
    const row = await changeableItem(tx, session, visit, itemId);
    if (row.kind === "time" && input.quantity !== undefined) throw invalidAt("quantity", "validation.visitItem.timeInMinutes");
    if (row.kind === "material" && (input.minutes !== undefined || input.member !== undefined)) {
      throw invalidAt(input.minutes !== undefined ? "minutes" : "member", "validation.visitItem.materialQuantity");
    }
    if (input.member !== undefined && input.member !== row.memberId) await checkWorker(tx, session, input.member);
    const minutes = input.minutes ?? row.minutes;
    const quantity = row.kind === "time" ? hoursOf(minutes!) : input.quantity !== undefined ? Math.round(input.quantity * 1000) : row.quantity;
    // A new price item fills what is not given from it; otherwise the row's own values stay where not given.
    const newItem = input.price_item !== undefined && input.price_item !== row.priceItemId;
    const kept = newItem
      ? {}
      : {
          name: row.name,
          description: row.description,
          unit: row.unit as CreateInput["unit"],
          unit_price: row.unitPrice,
          tax_rate: row.taxRateId ?? undefined,
        };
    const line = await resolvedLine(
      tx,
      session,
      row.kind,
      {
        price_item: input.price_item !== undefined ? input.price_item : row.priceItemId,
        name: input.name ?? kept.name,
        description: input.description !== undefined ? input.description : kept.description,
        unit: input.unit ?? kept.unit,
        unit_price: input.unit_price ?? kept.unit_price,
        tax_rate: input.tax_rate ?? kept.tax_rate,
      },
      quantity,
      row,
    );
    const [changed] = await tx
      .update(visitItem)
      .set({
        ...lineColumns(line),
        ...(!newItem && { unitCost: row.unitCost }),
        minutes: row.kind === "time" ? minutes : null,
        memberId: row.kind === "time" ? (input.member ?? row.memberId) : null,
        updatedAt: new Date(),
      })
      .where(and(eq(visitItem.organizationId, session.organizationId), eq(visitItem.id, row.id)))
      .returning();
    const before = shown(row);
    const after = shown(changed);
    if (JSON.stringify(before) !== JSON.stringify(after)) await record(tx, session, visitId, row.kind, before, after);
    return changed;
  });
  return visitItemView(updated, false);
}

/** DELETE /visit/{id}/item/{itemId}: a row recorded by mistake, until it is invoiced. */
export async function deleteVisitItem(db: Db, session: SessionContext, visitId: string, itemId: string) {
  await db.transaction(async (tx) => {
    const visit = await writableVisit(tx, session, visitId);
    const row = await changeableItem(tx, session, visit, itemId);
    await tx.delete(visitItem).where(and(eq(visitItem.organizationId, session.organizationId), eq(visitItem.id, row.id)));
    await record(tx, session, visitId, row.kind, shown(row), null);
  });
}

/**
 * The completed visits' time and materials of a project not yet invoiced (by an invoice that
 * is not void), oldest visit first: what the project's next invoice adds.
 */
export async function uninvoicedVisitItems(db: Db, organizationId: string, projectId: string): Promise<VisitItemRow[]> {
  const invoiced = await invoicedVisitItems(db, organizationId, projectId);
  const rows = await db
    .select({ item: visitItem })
    .from(visitItem)
    .innerJoin(visit, and(eq(visit.organizationId, visitItem.organizationId), eq(visit.id, visitItem.visitId)))
    .where(and(eq(visitItem.organizationId, organizationId), eq(visitItem.projectId, projectId), eq(visit.status, "completed")))
    .orderBy(asc(visit.spanStart), asc(visit.id), asc(visitItem.createdAt), asc(visitItem.id));
  return rows.map((row) => row.item).filter((row) => !invoiced.has(row.id));
}

