import "server-only";
import { and, asc, eq, max } from "drizzle-orm";
import type { Db } from "@/db/client";
import { project, projectType } from "@/db/schema/project";
import { projectLine } from "@/db/schema/quote";
import { lineCounts } from "@/lib/money/quote-totals";
import type { QuoteChoice, QuoteDocument } from "@/lib/schemas/quote-content";
import { creationChanges, recordHistory } from "@/lib/server/history";
import type { QuoteRow } from "./view";

/**
 * From yes to work: the project an approval starts from. The quote's own project when
 * it names one, else a new project of the quote's type (else the organization's first
 * active type) for its customer and site, owned by the quote's owner, where the
 * customer is; then the chosen option's counted lines, in order, as project lines.
 */

/** The type a new project takes: the quote's, when it is still active, else the organization's first active one. */
async function typeForProject(tx: Db, row: QuoteRow) {
  const active = and(eq(projectType.organizationId, row.organizationId), eq(projectType.status, "active"));
  if (row.projectTypeId) {
    const [named] = await tx
      .select()
      .from(projectType)
      .where(and(active, eq(projectType.id, row.projectTypeId)));
    if (named) return named;
  }
  const [first] = await tx.select().from(projectType).where(active).orderBy(asc(projectType.createdAt), asc(projectType.id)).limit(1);
  return first ?? null;
}

async function existingProject(tx: Db, row: QuoteRow) {
  if (!row.projectId) return null;
  const [found] = await tx
    .select({ id: project.id })
    .from(project)
    .where(and(eq(project.organizationId, row.organizationId), eq(project.id, row.projectId)));
  return found?.id ?? null;
}

async function newProject(tx: Db, row: QuoteRow): Promise<string | null> {
  const type = await typeForProject(tx, row);
  if (!type || type.statuses.length === 0) return null;
  const [created] = await tx
    .insert(project)
    .values({
      organizationId: row.organizationId,
      title: row.title,
      typeId: type.id,
      status: type.statuses[0].id,
      ownerId: row.ownerId,
      customerId: row.customerId,
      siteId: row.siteId,
      // Where the customer is, shared as the customer is (the quote holds copies of both).
      locationId: row.locationId,
      sharing: row.sharing,
    })
    .returning();
  await recordHistory(tx, {
    organizationId: row.organizationId,
    entityType: "project",
    entityId: created.id,
    memberId: null,
    action: "created",
    changes: creationChanges({
      title: created.title,
      type: created.typeId,
      status: created.status,
      owner: created.ownerId ?? undefined,
      customer: created.customerId ?? undefined,
      site: created.siteId ?? undefined,
      quote: row.id,
    }),
  });
  return created.id;
}

/** The project lines of the chosen option: its counted lines in the order of its sections, after any the project already has. */
async function addLines(tx: Db, row: QuoteRow, projectId: string, document: QuoteDocument, choice: QuoteChoice) {
  const option = document.content.options.find((candidate) => candidate.id === choice.option);
  if (!option) return;
  const [{ last }] = await tx
    .select({ last: max(projectLine.position) })
    .from(projectLine)
    .where(and(eq(projectLine.organizationId, row.organizationId), eq(projectLine.projectId, projectId)));
  let position = (last ?? -1) + 1;
  const values = option.sections.flatMap((section) =>
    section.lines
      .filter((line) => lineCounts(line, choice))
      .map((line) => ({
        organizationId: row.organizationId,
        projectId,
        position: position++,
        quoteId: row.id,
        section: section.title || null,
        priceItemId: line.price_item,
        name: line.name,
        description: line.description,
        quantity: line.quantity,
        unit: line.unit,
        unitPrice: line.unit_price,
        unitCost: line.unit_cost,
        discountPercentMilli: line.discount && "percent_milli" in line.discount ? line.discount.percent_milli : null,
        discountAmount: line.discount && "amount" in line.discount ? line.discount.amount : null,
        taxRateId: line.tax.id,
        taxName: line.tax.name,
        taxCategory: line.tax.category,
        taxPercentMilli: line.tax.percent_milli,
        taxExemptionReason: line.tax.exemption_reason,
      })),
  );
  if (values.length > 0) await tx.insert(projectLine).values(values);
}

/**
 * The project of an approved quote, with the agreed lines, in the approval's
 * transaction; null when the organization has no active project type to make one of.
 * `document` is the revision as stored (with unit costs: the office's own figures carry over).
 */
export async function projectFromApproval(tx: Db, row: QuoteRow, document: QuoteDocument, choice: QuoteChoice): Promise<string | null> {
  const projectId = (await existingProject(tx, row)) ?? (await newProject(tx, row));
  if (!projectId) return null;
  await addLines(tx, row, projectId, document, choice);
  return projectId;
}
