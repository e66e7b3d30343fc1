import "server-only";
import type { Db } from "@/db/client";
import { PROJECT_IMPORT_FIELDS } from "@/lib/import/project-fields";
import { sheetRow, type ImportReport, type RowError, type RowProblems } from "@/lib/import/row-errors";
import type { Cell } from "@/lib/import/sheet";
import { projectCreateSchema } from "@/lib/schemas/project";
import { checkFieldValues, type FieldValue } from "@/lib/schemas/project-fields";
import type { SessionContext } from "@/lib/server/session";
import type { Words } from "@/lib/i18n/words";
import { projectEntity, type ProjectRow } from "@/lib/entities/project";
import { createScopedRows } from "./bulk-create";
import { parseFieldValues, typedFieldValues } from "./project-field-values";
import { projectReferences, type Lookup, type ProjectTypeRow } from "./project-references";
import { cellOf, cellValueErrors, rowInput, zodRowErrors } from "./row-input";
import { readImportUpload, refuseFailedImport, type ImportUpload } from "./upload";

type References = Awaited<ReturnType<typeof projectReferences>>;

const LABELS: Record<string, string> = Object.fromEntries(PROJECT_IMPORT_FIELDS.map((field) => [field.id, field.label]));
/** For rows whose type is unknown: there is nothing to check the type against, the rest of the row still is. */
const WITHOUT_TYPE = projectCreateSchema.omit({ type: true });

function resolveStatus(type: ProjectTypeRow, text: string | undefined, words: Words): number | string {
  if (!text) return type.statuses[0]?.id ?? words("import.row.noStatuses", { type: type.name });
  const byId = /^\d+$/.test(text) ? type.statuses.find((status) => status.id === Number(text)) : undefined;
  const byTitle = type.statuses.find((status) => status.title.toLowerCase() === text.toLowerCase());
  const status = byId ?? byTitle;
  return status ? status.id : words("errors.project.unknownStatus", { status: text, type: type.name });
}

type RowCheck = { errors: RowError[]; values?: Partial<ProjectRow> };

/** One row against the create endpoint's schema, its type's statuses and field rules, and what it refers to. */
function checkRow(upload: ImportUpload, refs: References, cells: Cell[]): RowCheck {
  const { sheet, mapping, words } = upload;
  const input = rowInput(cells, mapping);
  const errors: RowError[] = cellValueErrors(sheet, mapping, cells, LABELS, words);
  if (errors.length > 0) return { errors };
  const refuse = (field: string, message: string) =>
    errors.push({ ...cellOf(sheet, mapping, cells, field, LABELS), error: "invalid", message });
  const resolve = <T>(field: "type" | "owner" | "customer", find: Lookup<T>, missing: string): T | null => {
    const text = input[field];
    if (!text) return null;
    const result = find(text);
    if ("found" in result) return result.found;
    refuse(field, result.error === "ambiguous" ? words("import.row.ambiguous", { count: result.count ?? 0, noun: field }) : words(missing));
    return null;
  };
  const type = resolve("type", refs.type, "import.row.typeMissing");
  if (type && type.status !== "active") refuse("type", words("import.row.typeRemoved"));
  const owner = resolve("owner", refs.owner, "import.row.ownerMissing");
  const customer = resolve("customer", refs.customer, "import.row.customerMissing");
  const fields = parseFieldValues(input.fields);
  if (!fields) refuse("fields", words("import.row.fieldsFormat"));
  const status = type ? resolveStatus(type, input.status, words) : undefined;
  if (typeof status === "string") refuse("status", status);

  const schema = type ? projectCreateSchema : WITHOUT_TYPE;
  const parsed = schema.safeParse({
    title: input.title,
    description: input.description,
    ...(type ? { type: type.id } : {}),
    status: typeof status === "number" ? status : undefined,
    fields: fields ?? [],
    owner: owner?.id ?? null,
    customer: customer?.id ?? null,
  });
  if (!parsed.success) errors.push(...zodRowErrors(parsed.error, sheet, mapping, cells, LABELS, words));
  if (!type || !parsed.success) return { errors };

  const data = parsed.data;
  const required = type.fields.filter((field) => field.required).map((field) => field.id);
  const checked = checkFieldValues(type.fields, typedFieldValues(type.fields, data.fields), { required });
  for (const issue of checked.issues) refuse("fields", words(issue.message, issue.values));
  if (errors.length > 0) return { errors };
  const fieldValues: FieldValue[] = checked.values;
  return {
    errors,
    values: {
      title: data.title,
      description: data.description,
      typeId: type.id,
      status: data.status,
      fields: fieldValues,
      ownerId: data.owner,
      customerId: data.customer,
    },
  };
}

/**
 * Imports projects in one transaction. Every member may create projects; each row
 * passes the create endpoint's schema and its type's statuses and field rules, and
 * may only refer to what the session can see.
 */
export async function importProjects(db: Db, session: SessionContext, upload: ImportUpload): Promise<ImportReport> {
  const customerColumn = upload.mapping.customer;
  const customerRefs =
    customerColumn === undefined ? [] : upload.sheet.rows.flatMap((cells) => (cells[customerColumn] ? [cells[customerColumn]!] : []));
  return db.transaction(async (tx) => {
    const refs = await projectReferences(tx, session, customerRefs);
    const skipped: RowProblems[] = [];
    const creates: Partial<ProjectRow>[] = [];
    upload.sheet.rows.forEach((cells, index) => {
      const { errors, values } = checkRow(upload, refs, cells);
      if (values) creates.push(values);
      else skipped.push({ row: sheetRow(index), errors });
    });
    const report: ImportReport = { dryRun: upload.dryRun, rows: upload.sheet.rows.length, created: 0, updated: 0, unchanged: 0, skipped };
    if (skipped.length > 0 && !upload.skipInvalid) return report;
    if (upload.dryRun) return { ...report, created: creates.length };
    const created = await createScopedRows(tx, session, projectEntity, creates);
    return { ...report, created };
  });
}

/** POST /project/import: the multipart request read, then imported. */
export async function importProjectFile(db: Db, session: SessionContext, form: FormData, query: { dryRun?: boolean }, locale?: string) {
  const upload = await readImportUpload(db, session, form, PROJECT_IMPORT_FIELDS, { dryRun: query.dryRun, locale });
  return refuseFailedImport(upload, await importProjects(db, session, upload));
}
