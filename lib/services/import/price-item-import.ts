import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { organization } from "@/db/schema/organization";
import { priceItem, taxRate } from "@/db/schema/price-book";
import { organizationCurrency } from "@/lib/money/currency";
import { PERCENT_SCALE, toScaled } from "@/lib/money/decimal";
import { decimalToMinor } from "@/lib/money/format";
import { PRICE_ITEM_IMPORT_FIELDS } from "@/lib/import/price-item-fields";
import { sheetRow, type ImportReport, type RowProblems } from "@/lib/import/row-errors";
import type { Cell } from "@/lib/import/sheet";
import { optionalText, nameSchema } from "@/lib/schemas/fields";
import { PRICE_ITEM_STATUSES, PRICE_UNITS } from "@/lib/schemas/price-book-values";
import { MAX_AMOUNT } from "@/lib/schemas/price-item";
import { z } from "@/lib/schemas/z";
import type { SessionContext } from "@/lib/server/session";
import { priceItemEntity, type PriceItemRow } from "@/lib/entities/price-item";
import { createdChanges } from "@/lib/server/organization-items";
import { chunks, insertHistory } from "./bulk-create";
import { realChanges, updateScopedRows, type RowUpdate } from "./bulk-update";
import { cellOf, cellValueErrors, rowInput, zodRowErrors } from "./row-input";
import { readImportUpload, refuseFailedImport, type ImportUpload } from "./upload";
import { defaultTaxRateId } from "../tax-rate-defaults";

type TaxRates = { ids: Set<string>; byName: Map<string, string>; byPercent: Map<number, string[]>; fallback: string };

/** An amount in the currency's units as a file writes it: "12.50", or "12,50" where a comma is the decimal mark. */
const amountIn = (currency: string) =>
  z.string().transform((text, ctx) => {
    const plain = text.trim().replace(/\s/g, "");
    const value = decimalToMinor(plain.includes(".") ? plain : plain.replace(",", "."), currency);
    if (value === null || value < 0 || value > MAX_AMOUNT) {
      ctx.addIssue({ code: "custom", message: "validation.amount.format" });
      return z.NEVER;
    }
    return value;
  });

/** A unit as its machine value, or spelled with a space ("square metre"). */
const unitSchema = z
  .string()
  .transform((text) => text.trim().toLowerCase().replace(/\s+/g, "_"))
  .pipe(z.enum(PRICE_UNITS, { error: "validation.priceItem.unit" }));

const rowSchemaFor = (currency: string, rates: TaxRates) =>
  z.strictObject({
    name: nameSchema,
    description: optionalText(2000),
    unit: unitSchema.optional(),
    unit_price: amountIn(currency),
    unit_cost: amountIn(currency).optional(),
    tax_rate: z
      .string()
      .transform((text, ctx) => {
        const key = text.trim().toLowerCase();
        const found = rates.ids.has(key) ? key : (rates.byName.get(key) ?? byPercent(rates, text));
        if (!found) {
          ctx.addIssue({ code: "custom", message: "errors.priceItem.taxRateUnknown" });
          return z.NEVER;
        }
        return found;
      })
      .optional(),
    category: optionalText(100),
    status: z.enum(PRICE_ITEM_STATUSES, { error: "validation.priceItem.status" }).optional(),
    id: z.string().max(200).optional(),
  });

/** A rate named by its percentage ("20", "20 %"), when exactly one active rate has it. */
function byPercent(rates: TaxRates, text: string) {
  const percent = toScaled(text.replace(/%/g, "").trim().replace(",", "."), PERCENT_SCALE);
  const matches = percent === null ? [] : (rates.byPercent.get(percent) ?? []);
  return matches.length === 1 ? matches[0] : undefined;
}

async function activeTaxRates(db: Db, session: SessionContext): Promise<TaxRates> {
  const fallback = await defaultTaxRateId(db, session.organizationId);
  const rows = await db
    .select()
    .from(taxRate)
    .where(and(eq(taxRate.organizationId, session.organizationId), eq(taxRate.status, "active")));
  const byName = new Map(rows.map((row) => [row.name.toLowerCase(), row.id]));
  const byPercentMap = new Map<number, string[]>();
  for (const row of rows) byPercentMap.set(row.percentMilli, [...(byPercentMap.get(row.percentMilli) ?? []), row.id]);
  return { ids: new Set(rows.map((row) => row.id)), byName, byPercent: byPercentMap, fallback };
}

type Values = z.output<ReturnType<typeof rowSchemaFor>>;
type Candidate = { index: number; cells: Cell[]; values: Values };

const LABELS: Record<string, string> = Object.fromEntries(PRICE_ITEM_IMPORT_FIELDS.map((field) => [field.id, field.label]));

/** The fields a matched row changes: every mapped one; an empty optional cell empties it. */
function updatePatch(values: Values, mapping: ImportUpload["mapping"]) {
  const patch: Record<string, unknown> = {};
  for (const field of Object.keys(mapping)) {
    if (field === "id") continue;
    const value = values[field as keyof Values];
    if (value !== undefined) patch[field] = value;
    else if (field === "description" || field === "unit_cost" || field === "category") patch[field] = null;
  }
  return patch;
}

/**
 * Imports price items in one transaction: each row is checked as the create endpoint
 * checks its body, amounts read in the organization's currency. A row with the ID
 * of an item of the organization updates it; the others are added.
 */
export async function importPriceItems(db: Db, session: SessionContext, upload: ImportUpload): Promise<ImportReport> {
  const { sheet, mapping } = upload;
  const [org] = await db.select({ country: organization.country, business: organization.business }).from(organization).where(eq(organization.id, session.organizationId));
  const rates = await activeTaxRates(db, session);
  const rowSchema = rowSchemaFor(organizationCurrency(org), rates);
  const skipped: RowProblems[] = [];
  const candidates: Candidate[] = [];
  sheet.rows.forEach((cells, index) => {
    const unreadable = cellValueErrors(sheet, mapping, cells, LABELS, upload.words);
    if (unreadable.length > 0) return void skipped.push({ row: sheetRow(index), errors: unreadable });
    const parsed = rowSchema.safeParse(rowInput(cells, mapping, ["status"]));
    if (parsed.success) candidates.push({ index, cells, values: parsed.data });
    else skipped.push({ row: sheetRow(index), errors: zodRowErrors(parsed.error, sheet, mapping, cells, LABELS, upload.words) });
  });
  return db.transaction(async (tx) => {
    const ids = [...new Set(candidates.map((c) => c.values.id?.toLowerCase()).filter((id): id is string => !!id && z.uuid().safeParse(id).success))];
    const existing = new Map<string, PriceItemRow>();
    for (const batch of chunks(ids)) {
      const rows = await tx
        .select()
        .from(priceItem)
        .where(and(eq(priceItem.organizationId, session.organizationId), inArray(priceItem.id, batch)))
        .for("update");
      for (const row of rows) existing.set(row.id, row);
    }
    const creates: Values[] = [];
    const updates: RowUpdate<PriceItemRow>[] = [];
    const seen = new Map<string, number>();
    for (const candidate of candidates) {
      const id = candidate.values.id?.toLowerCase();
      const match = id ? existing.get(id) : undefined;
      if (match && seen.has(match.id)) {
        skipped.push({
          row: sheetRow(candidate.index),
          errors: [{ ...cellOf(sheet, mapping, candidate.cells, "id"), error: "invalid", message: upload.words("import.row.sameId", { row: seen.get(match.id)! }) }],
        });
      } else if (match) {
        seen.set(match.id, sheetRow(candidate.index));
        updates.push({ row: match, patch: updatePatch(candidate.values, mapping) });
      } else creates.push(candidate.values);
    }
    skipped.sort((a, b) => a.row - b.row);
    const report: ImportReport = { dryRun: upload.dryRun, rows: sheet.rows.length, created: 0, updated: 0, unchanged: 0, skipped };
    if (skipped.length > 0 && !upload.skipInvalid) return report;
    const changed = realChanges(priceItemEntity, updates).length;
    if (upload.dryRun) return { ...report, created: creates.length, updated: changed, unchanged: updates.length - changed };
    for (const batch of chunks(creates, 1000)) {
      const rows = await tx
        .insert(priceItem)
        .values(
          batch.map((values) => ({
            organizationId: session.organizationId,
            name: values.name,
            description: values.description ?? null,
            unit: values.unit ?? "piece",
            unitPrice: values.unit_price,
            unitCost: values.unit_cost ?? null,
            taxRateId: values.tax_rate ?? rates.fallback,
            category: values.category ?? null,
            status: values.status ?? "active",
          })),
        )
        .returning();
      await insertHistory(tx, session, priceItemEntity.type, rows.map((row) => ({ entityId: row.id, action: "created" as const, changes: createdChanges(priceItemEntity, row) })));
    }
    const updated = await updateScopedRows(tx, session, priceItemEntity, updates);
    return { ...report, created: creates.length, updated, unchanged: updates.length - updated };
  });
}

/** POST /price_item/import: the multipart request read, then imported. */
export async function importPriceItemFile(db: Db, session: SessionContext, form: FormData, query: { dryRun?: boolean }, locale?: string) {
  const upload = await readImportUpload(db, session, form, PRICE_ITEM_IMPORT_FIELDS, { dryRun: query.dryRun, locale });
  return refuseFailedImport(upload, await importPriceItems(db, session, upload));
}
