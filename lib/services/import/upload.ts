import "server-only";
import { z } from "@/lib/schemas/z";
import type { Db } from "@/db/client";
import { unmappedRequired, type ImportField, type Mapping } from "@/lib/import/fields";
import { IMPORT_LIMITS, megabytes } from "@/lib/import/limits";
import type { ImportReport } from "@/lib/import/row-errors";
import type { Sheet } from "@/lib/import/sheet";
import { wordsFor } from "@/lib/i18n/messages";
import type { Words } from "@/lib/i18n/words";
import { ApiError, badRequest, type FieldError, type MessageValues } from "@/lib/server/errors";
import { parseOffThread, ParseLimitError } from "@/lib/server/parse-pool";
import { hitRateLimit } from "@/lib/server/rate-limit";
import type { SessionContext } from "@/lib/server/session";
import { parseWith } from "@/lib/server/validation";

/** A parsed import request: the file's rows, how to read them, and the language its report is worded in. */
export type ImportUpload = {
  sheet: Sheet;
  mapping: Mapping;
  skipInvalid: boolean;
  dryRun: boolean;
  matchBy?: string;
  words: Words;
};

const flag = (name: string) =>
  z.string().transform((value, ctx) => {
    if (value === "true" || value === "false") return value === "true";
    ctx.addIssue({ code: "custom", message: "import.request.flag", params: { name } });
    return z.NEVER;
  });

const mappingsSchema = z
  .string({ error: "import.request.mappingsText" })
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "import.request.mappingsJson" });
      return z.NEVER;
    }
  })
  .pipe(
    z.record(z.string(), z.int({ error: "import.request.columnIndex" }).min(0, { error: "import.request.columnStart" }), {
      error: "import.request.mappingsObject",
    }),
  );

/** Query of the import endpoints: `?dryRun=true` checks the file without writing. */
export const importQuerySchema = z.strictObject({ dryRun: flag("dryRun").optional() });

function formSchema(matchBy: readonly [string, ...string[]] | undefined) {
  return z.strictObject({
    mappings: mappingsSchema,
    skipInvalid: flag("skipInvalid").default(false),
    dryRun: flag("dryRun").default(false),
    ...(matchBy ? { matchBy: z.enum(matchBy, { error: "import.request.matchBy" }).optional() } : {}),
  });
}

/** The whole multipart body of an import: the file and room for the other parts. */
export const maxImportBodyBytes = () => IMPORT_LIMITS.maxBytes + 64 * 1024;

const tooLarge = () => new ApiError(413, "import.problem.fileTooLarge", {}, {}, { megabytes: megabytes(IMPORT_LIMITS.maxBytes) });

/**
 * Every mapped field is one of ours, on a column a file may have, and every required
 * field is mapped: all known before the file is read, so a wrong request costs no parsing.
 */
function checkMappedFields(fields: readonly ImportField[], mapping: Mapping) {
  const errors: FieldError[] = [];
  for (const [id, column] of Object.entries(mapping)) {
    if (!fields.some((field) => field.id === id)) errors.push({ path: `mappings.${id}`, message: "import.request.noField", values: { field: id } });
    else if (column >= IMPORT_LIMITS.maxColumns) {
      errors.push({ path: `mappings.${id}`, message: "import.request.columnLimit", values: { max: IMPORT_LIMITS.maxColumns, column } });
    }
  }
  for (const field of unmappedRequired(fields, mapping)) {
    errors.push({ path: `mappings.${field.id}`, message: "import.request.unmapped", values: { field: field.label } });
  }
  if (errors.length > 0) throw badRequest(errors);
}

/** Files one member may send to be read (checks included) per hour. */
const importsPerMember = () => ({ limit: Number(process.env.IMPORT_LIMIT_PER_MEMBER || 30), seconds: 60 * 60 });

const fileError = (type: string, message: string, values?: MessageValues) => badRequest([{ path: "file", message, type, values }]);

/**
 * The file read in a parse worker (lib/server/parse-pool.ts): what the reader
 * refuses, and a file that takes more time or memory than a worker has, is a 400
 * naming the file.
 */
async function readSheet(file: File): Promise<Sheet> {
  let answer;
  try {
    answer = await parseOffThread({ kind: "sheet", name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
  } catch (error) {
    if (!(error instanceof ParseLimitError)) throw error;
    if (error.reason === "failed") throw fileError("unreadable", "import.problem.unreadable");
    throw fileError("too_large", "import.problem.overLimit", error.values);
  }
  if ("refused" in answer) throw fileError(answer.refused.problem, answer.refused.key, answer.refused.values);
  return answer.sheet;
}

/** Every mapped column is one this file has. */
function checkMappedColumns(mapping: Mapping, sheet: Sheet) {
  const errors = Object.entries(mapping)
    .filter(([, column]) => column >= sheet.columns.length)
    .map(([id, column]) => ({ path: `mappings.${id}`, message: "import.request.noColumn", values: { column, count: sheet.columns.length } }));
  if (errors.length > 0) throw badRequest(errors);
}

/**
 * Reads a multipart import request: `file` (.csv or .xlsx), `mappings` as JSON
 * `{ fieldId: columnIndex }`, `skipInvalid`, `dryRun` and, where the entity
 * offers it, `matchBy`. The file is parsed here again: the browser's preview is
 * never trusted. Each file read counts toward the member's hourly limit (429).
 */
export async function readImportUpload(
  db: Db,
  session: SessionContext,
  form: FormData,
  fields: readonly ImportField[],
  options: { matchBy?: readonly [string, ...string[]]; dryRun?: boolean; locale?: string } = {},
): Promise<ImportUpload> {
  const file = form.get("file");
  if (!(file instanceof File)) throw badRequest([{ path: "file", message: "import.request.chooseFile" }]);
  if (file.size > IMPORT_LIMITS.maxBytes) throw tooLarge();
  const rest: Record<string, unknown> = {};
  for (const [key, value] of form) if (key !== "file") rest[key] = value;
  const input = parseWith(formSchema(options.matchBy), rest);
  checkMappedFields(fields, input.mappings);
  await hitRateLimit(db, `import:member:${session.memberId}`, importsPerMember());
  const sheet = await readSheet(file);
  checkMappedColumns(input.mappings, sheet);
  const matchBy = "matchBy" in input ? (input.matchBy as string | undefined) : undefined;
  const dryRun = input.dryRun || Boolean(options.dryRun);
  return { sheet, mapping: input.mappings, skipInvalid: input.skipInvalid, dryRun, matchBy, words: wordsFor(options.locale) };
}

/**
 * All or nothing: rows at fault without `skipInvalid` import nothing, and a script
 * must not read that as success: 422, the report in the error body. A dry run is a
 * check, so its report stays a 200.
 */
export function refuseFailedImport(upload: ImportUpload, report: ImportReport): ImportReport {
  if (upload.dryRun || upload.skipInvalid || report.skipped.length === 0) return report;
  throw new ApiError(422, "import.request.failed", { ...report });
}
