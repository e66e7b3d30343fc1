import "server-only";
import type { MessageValues } from "@/lib/i18n/zod-issue";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { customer } from "@/db/schema/customer";
import { CUSTOMER_IMPORT_FIELDS } from "@/lib/import/customer-fields";
import { sheetRow, type ImportReport, type RowProblems } from "@/lib/import/row-errors";
import type { Cell } from "@/lib/import/sheet";
import { customerCreateSchemaFor } from "@/lib/schemas/customer";
import { STATUS_ACTIVE_REMOVED } from "@/lib/schemas/lists";
import { z } from "@/lib/schemas/z";
import { accessLevel } from "@/lib/server/access";
import type { SessionContext } from "@/lib/server/session";
import { renameConversationCustomers } from "@/lib/services/conversation";
import { customerEntity } from "@/lib/entities/customer";
import { organizationCountry } from "@/lib/services/organization-country";
import { chunks, createScopedRows } from "./bulk-create";
import { realChanges, updateScopedRows, type RowUpdate } from "./bulk-update";
import { cellOf, cellValueErrors, rowInput, zodRowErrors } from "./row-input";
import { readImportUpload, refuseFailedImport, type ImportUpload } from "./upload";
import { firstSitesOfCreated, followCustomerAddress } from "@/lib/services/site";

type CustomerRow = typeof customer.$inferSelect;

/**
 * A row is what the create endpoint accepts, plus the status an exported list
 * carries; its phone is read with the organization's country, as the endpoint does.
 */
const rowSchemaFor = (country: string | null) =>
  customerCreateSchemaFor(country).extend({
    // Any text: an ID of another system matches no customer, and the row is added.
    id: z.string().max(200, { error: "ID has at most 200 characters" }).optional(),
    status: z.enum(STATUS_ACTIVE_REMOVED, { error: "Status is active or removed" }).optional(),
  });

type Candidate = { index: number; cells: Cell[]; values: z.output<ReturnType<typeof rowSchemaFor>> };

const LABELS: Record<string, string> = Object.fromEntries(CUSTOMER_IMPORT_FIELDS.map((field) => [field.id, field.label]));
/** Kept as they are when their cell is empty; other mapped fields are emptied. */
const KEPT_WHEN_EMPTY = new Set(["type", "name", "status"]);

/** The columns an update writes: every mapped field, an empty cell clearing the field. */
function updatePatch(values: Candidate["values"], mapping: ImportUpload["mapping"]) {
  const patch: Record<string, unknown> = {};
  for (const field of Object.keys(mapping)) {
    if (field === "id") continue;
    const value = values[field as keyof Candidate["values"]];
    if (value !== undefined) patch[field] = value;
    else if (!KEPT_WHEN_EMPTY.has(field)) patch[field] = null;
  }
  return patch;
}

type Split = { creates: Candidate[]; updates: RowUpdate<CustomerRow>[]; refused: RowProblems[] };

const refusal = (upload: ImportUpload, candidate: Candidate, field: "id" | "email", key: string, values?: MessageValues): RowProblems => ({
  row: sheetRow(candidate.index),
  errors: [{ ...cellOf(upload.sheet, upload.mapping, candidate.cells, field), error: "invalid", message: upload.words(key, values) }],
});

/**
 * Rows with the ID of a customer here (the list's export writes one) update that
 * customer, whatever their email says, so an export goes back in even where several
 * customers share an email. An ID the session cannot see, of another organization or
 * of another system, matches nothing: the row goes on to `rest` like one without an
 * ID (its existence must not show). A customer it may only view refuses the row, and
 * so does an ID repeated in the file.
 */
async function matchById(tx: Db, session: SessionContext, upload: ImportUpload, candidates: Candidate[], rest: (candidates: Candidate[]) => Promise<Split>) {
  const updates: RowUpdate<CustomerRow>[] = [];
  const refused: RowProblems[] = [];
  const firstRowOf = new Map<string, number>();
  const withId: Candidate[] = [];
  const unmatched: Candidate[] = [];
  for (const candidate of candidates) {
    const id = candidate.values.id?.toLowerCase();
    if (!id) unmatched.push(candidate);
    else if (firstRowOf.has(id)) refused.push(refusal(upload, candidate, "id", "import.row.sameId", { row: firstRowOf.get(id)! }));
    else {
      firstRowOf.set(id, sheetRow(candidate.index));
      withId.push(candidate);
    }
  }
  const existing = new Map<string, CustomerRow>();
  const ids = [...firstRowOf.keys()].filter((id) => z.uuid().safeParse(id).success);
  for (const batch of chunks(ids)) {
    const rows = await tx
      .select()
      .from(customer)
      .where(and(eq(customer.organizationId, session.organizationId), inArray(customer.id, batch)))
      .for("update");
    for (const row of rows) if (accessLevel(row, session) !== "none") existing.set(row.id, row);
  }
  for (const candidate of withId) {
    const match = existing.get(candidate.values.id!.toLowerCase());
    if (!match) unmatched.push(candidate);
    else if (accessLevel(match, session) !== "edit") refused.push(refusal(upload, candidate, "id", "import.row.idNoAccess"));
    else updates.push({ row: match, patch: updatePatch(candidate.values, upload.mapping) });
  }
  const others = await rest(unmatched.sort((a, b) => a.index - b.index));
  return { creates: others.creates, updates: [...updates, ...others.updates], refused: [...refused, ...others.refused] };
}

/**
 * Splits the valid rows into new customers and updates of the one visible
 * customer with the row's email. A customer the session cannot see does not
 * count (its existence must not show), one it may only view refuses the row.
 */
async function matchByEmail(tx: Db, session: SessionContext, upload: ImportUpload, candidates: Candidate[]): Promise<Split> {
  const creates: Candidate[] = [];
  const updates: RowUpdate<CustomerRow>[] = [];
  const refused: RowProblems[] = [];
  const refuse = (candidate: Candidate, key: string, values?: MessageValues) => refused.push(refusal(upload, candidate, "email", key, values));
  const firstRowOf = new Map<string, number>();
  const withEmail: Candidate[] = [];
  for (const candidate of candidates) {
    const email = candidate.values.email;
    if (!email) creates.push(candidate);
    else if (firstRowOf.has(email)) refuse(candidate, "import.row.sameEmail", { row: firstRowOf.get(email)! });
    else {
      firstRowOf.set(email, sheetRow(candidate.index));
      withEmail.push(candidate);
    }
  }
  const existing = new Map<string, CustomerRow[]>();
  for (const batch of chunks([...firstRowOf.keys()])) {
    const rows = await tx
      .select()
      .from(customer)
      .where(and(eq(customer.organizationId, session.organizationId), inArray(customer.email, batch)))
      .for("update");
    for (const row of rows) {
      if (accessLevel(row, session) === "none") continue;
      existing.set(row.email!, [...(existing.get(row.email!) ?? []), row]);
    }
  }
  for (const candidate of withEmail) {
    const matches = existing.get(candidate.values.email!) ?? [];
    if (matches.length === 0) creates.push(candidate);
    else if (matches.length > 1) refuse(candidate, "import.row.emailShared", { count: matches.length });
    else if (accessLevel(matches[0], session) !== "edit") refuse(candidate, "import.row.emailNoAccess");
    else updates.push({ row: matches[0], patch: updatePatch(candidate.values, upload.mapping) });
  }
  return { creates, updates, refused };
}

/**
 * Imports customers from a parsed upload in one transaction: every row is checked
 * with the create endpoint's schema; without skipInvalid one bad row writes nothing.
 */
export async function importCustomers(db: Db, session: SessionContext, upload: ImportUpload): Promise<ImportReport> {
  const { sheet, mapping } = upload;
  const skipped: RowProblems[] = [];
  const candidates: Candidate[] = [];
  const rowSchema = rowSchemaFor(await organizationCountry(db, session));
  sheet.rows.forEach((cells, index) => {
    const unreadable = cellValueErrors(sheet, mapping, cells, LABELS, upload.words);
    if (unreadable.length > 0) {
      skipped.push({ row: sheetRow(index), errors: unreadable });
      return;
    }
    const parsed = rowSchema.safeParse(rowInput(cells, mapping, ["type", "status"]));
    if (parsed.success) candidates.push({ index, cells, values: parsed.data });
    else skipped.push({ row: sheetRow(index), errors: zodRowErrors(parsed.error, sheet, mapping, cells, LABELS, upload.words) });
  });
  return db.transaction(async (tx) => {
    const byEmail = async (rows: Candidate[]): Promise<Split> =>
      upload.matchBy === "email" ? matchByEmail(tx, session, upload, rows) : { creates: rows, updates: [], refused: [] };
    const split = mapping.id !== undefined ? await matchById(tx, session, upload, candidates, byEmail) : await byEmail(candidates);
    skipped.push(...split.refused);
    skipped.sort((a, b) => a.row - b.row);
    const report: ImportReport = { dryRun: upload.dryRun, rows: sheet.rows.length, created: 0, updated: 0, unchanged: 0, skipped };
    if (skipped.length > 0 && !upload.skipInvalid) return report;
    if (upload.dryRun) {
      const updated = realChanges(customerEntity, split.updates).length;
      return { ...report, created: split.creates.length, updated, unchanged: split.updates.length - updated };
    }
    const values = split.creates.map(({ values: { id: _id, ...values } }) => ({ ...values, status: values.status ?? "active" }));
    const created = await createScopedRows(tx, session, customerEntity, values);
    await firstSitesOfCreated(tx, session);
    const updated = await updateScopedRows(tx, session, customerEntity, split.updates);
    // A changed address moves the sites that still read as the old one, as a change on the form does.
    for (const { row, patch } of split.updates) await followCustomerAddress(tx, session, row, { ...row, ...patch });
    const renamed = split.updates.filter(({ row, patch }) => patch.name !== undefined && patch.name !== row.name);
    for (const batch of chunks(renamed.map(({ row }) => row.id))) {
      await renameConversationCustomers(tx, session.organizationId, batch);
    }
    return { ...report, created, updated, unchanged: split.updates.length - updated };
  });
}

/** POST /customer/import: the multipart request read, then imported. */
export async function importCustomerFile(db: Db, session: SessionContext, form: FormData, query: { dryRun?: boolean }, locale?: string) {
  const upload = await readImportUpload(db, session, form, CUSTOMER_IMPORT_FIELDS, { matchBy: ["email"], dryRun: query.dryRun, locale });
  return refuseFailedImport(upload, await importCustomers(db, session, upload));
}
