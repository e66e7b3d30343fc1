import "server-only";
import { not, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { project } from "@/db/schema/project";
import { isIsoDate, isoInstant, kindOf, type FieldKind } from "@/lib/schemas/field-kinds";
import type { FieldFilter, FieldFilterOp, projectListQuerySchema } from "@/lib/schemas/project";
import type { FieldDefinition } from "@/lib/schemas/project-fields";
import type { z } from "@/lib/schemas/z";
import { projectTypeEntity } from "@/lib/entities/project-type";
import { badRequest } from "@/lib/server/errors";
import { escapeLike, requireReference } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";

type Query = z.output<typeof projectListQuerySchema>;

/** A field's stored value as jsonb, null when the project has none. */
const valueOf = (id: number) => sql`jsonb_path_query_first(${project.fields}, '$[*] ? (@.id == $id).value', jsonb_build_object('id', ${id}::int))`;

/** Projects holding this entry (containment: a value inside a multiple choice's list matches too). */
const holds = (entry: { id: number; value?: unknown }) => sql`${project.fields} @> ${JSON.stringify([entry])}::jsonb`;

/**
 * A field's value as what it sorts and compares by: numbers, dates and instants as
 * such (not their text), text without case, a single choice by its option's place.
 * A value of another shape (none is stored, kinds cannot change under values) is null.
 */
function comparable(field: FieldDefinition): SQL | null {
  const value = valueOf(field.id);
  const text = sql`(${value} #>> '{}')`;
  switch (kindOf(field)) {
    case "text":
      return sql`lower(${text})`;
    case "number":
      return sql`(case when jsonb_typeof(${value}) = 'number' then (${value})::numeric end)`;
    case "date":
      return sql`(case when ${text} ~ '^\\d{4}-\\d{2}-\\d{2}$' then ${text}::date end)`;
    case "datetime":
      return sql`(case when ${text} ~ '^\\d{4}-\\d{2}-\\d{2}T' then ${text}::timestamptz end)`;
    case "single_choice": {
      const places = Object.fromEntries((field.options ?? []).map((option, index) => [String(option.id), index]));
      return sql`((${JSON.stringify(places)}::jsonb ->> ${text})::int)`;
    }
    case "checkbox":
      return sql`(${value} = 'true'::jsonb)`;
    case "multiple_choice":
      return null;
  }
}

const COMPARISONS: Partial<Record<FieldFilterOp, SQL>> = { eq: sql`=`, gte: sql`>=`, lte: sql`<=` };

/** An operand as the kind compares it, cast as `comparable` casts the value; null when it is not one. */
function operandOf(kind: FieldKind, operand: string): SQL | null {
  if (kind === "number") return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(operand) ? sql`${operand}::numeric` : null;
  if (kind === "date") return isIsoDate(operand) ? sql`${operand}::date` : null;
  if (kind === "datetime") {
    const instant = isoInstant(operand);
    return instant ? sql`${instant}::timestamptz` : null;
  }
  return null;
}

/** One condition as SQL, or null when the field's kind does not take it. */
function condition(field: FieldDefinition, { op, operand }: FieldFilter): SQL | null {
  const kind = kindOf(field);
  if (op === "set") return holds({ id: field.id });
  if (op === "unset") return not(holds({ id: field.id }));
  if (kind === "text" && op === "contains" && operand) {
    return sql`(${valueOf(field.id)} #>> '{}') ilike ${`%${escapeLike(operand)}%`}`;
  }
  if (kind === "text" && op === "eq") return holds({ id: field.id, value: operand });
  if (kind === "checkbox" && op === "eq" && (operand === "true" || operand === "false")) {
    return operand === "true" ? holds({ id: field.id, value: true }) : not(holds({ id: field.id, value: true }));
  }
  if ((kind === "single_choice" || kind === "multiple_choice") && op === "in") {
    const ids = operand.split(",").map((part) => part.trim());
    if (ids.length === 0 || ids.some((id) => !/^\d{1,10}$/.test(id))) return null;
    return or(...ids.map((id) => holds({ id: field.id, value: kind === "multiple_choice" ? [Number(id)] : Number(id) }))) ?? null;
  }
  const comparison = COMPARISONS[op];
  const value = operandOf(kind, operand);
  return comparison && value ? sql`${comparable(field)} ${comparison} ${value}` : null;
}

/**
 * The `field` filters and a `field.<id>` sort of the project list, on the fields
 * of the one type it is filtered to: 400 when there is not exactly one, when it has
 * no such field, or when the field's kind takes no such condition or sort.
 */
export async function fieldConditions(db: Db, session: SessionContext, query: Query): Promise<{ where: SQL[]; sort?: SQL }> {
  const sortField = query.sort.field.startsWith("field.") ? Number(query.sort.field.slice("field.".length)) : null;
  if (!query.field?.length && sortField === null) return { where: [] };
  if (query.type?.length !== 1) throw badRequest([{ path: query.field?.length ? "field" : "sort", message: "errors.project.fieldNeedsType" }]);
  const type = await requireReference(db, session, projectTypeEntity, query.type[0], { path: "type", unknown: "errors.reference.projectTypeUnknown" });
  const fieldOf = (id: number, path: string) => {
    const field = type.fields.find((entry) => entry.id === id);
    if (!field) throw badRequest([{ path, message: "validation.field.unknown", values: { id: String(id) } }]);
    return field;
  };
  const where = (query.field ?? []).map((filter, index) => {
    const field = fieldOf(filter.id, `field.${index}`);
    const found = condition(field, filter);
    if (!found) throw badRequest([{ path: `field.${index}`, message: "errors.project.fieldFilter", values: { field: field.title, op: filter.op } }]);
    return found;
  });
  if (sortField === null) return { where };
  const field = fieldOf(sortField, "sort");
  const sort = comparable(field);
  if (!sort) throw badRequest([{ path: "sort", message: "errors.project.fieldSort", values: { field: field.title } }]);
  return { where, sort };
}
