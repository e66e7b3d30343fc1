import { DEFAULT_LIMIT, DEFAULT_SHARING, MAX_LIMIT, SHARING_FILTERS, type ListOptions } from "./lists";
import { z } from "./z";

/** A query value that may arrive once (a string) or repeated (an array). */
export const listParam = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (value === undefined || Array.isArray(value) ? value : [value]), z.array(item));

const count = (label: string, min: number) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int({ error: `${label} must be a whole number` })
    .min(min, { error: `${label} must be at least ${min}` });

/** The query every list endpoint accepts (ARCHITECTURE.md §3, spec §5); entities add filters with `.extend`. */
export function listQuerySchema<Status extends string, Sort extends string>(options: ListOptions<Status, Sort>) {
  const sorts = options.sorts.flatMap((field) => [`${field}:asc`, `${field}:desc`]) as [string, ...string[]];
  return z.strictObject({
    search: z.string().trim().max(200, { error: "Search is at most 200 characters" }).optional(),
    status: listParam(z.enum(options.statuses, { error: `Status must be one of ${options.statuses.join(", ")}` })).default(
      [...options.defaultStatus],
    ),
    sort: z
      .enum(sorts, { error: `Sort must be one of ${sorts.join(", ")}` })
      .default(`${options.defaultSort}:desc`)
      .transform((value) => {
        const [field, direction] = value.split(":") as [Sort, "asc" | "desc"];
        return { field, direction };
      }),
    skip: count("Skip", 0).optional(),
    page: count("Page", 0).optional(),
    after: z.string().max(1000, { error: "After must be the next cursor of a page of this list" }).optional(),
    limit: count("Limit", 1).max(MAX_LIMIT, { error: `Limit must be at most ${MAX_LIMIT}` }).default(DEFAULT_LIMIT),
    sharing: z.enum(SHARING_FILTERS, { error: `Sharing must be one of ${SHARING_FILTERS.join(", ")}` }).default(DEFAULT_SHARING),
    id: listParam(z.uuid({ error: "Id must be a uuid" })).optional(),
  });
}

/** Rows created at or after an instant (ISO 8601: a date is its midnight UTC), as the dashboard's "new this week" links ask. */
export const createdSinceParam = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()], { error: "Created since must be an ISO 8601 date or date and time" })
  .transform((value) => new Date(value))
  .optional();

/**
 * Spec §7 spells the customer list's sharing filter `shared`; it is read as `sharing`.
 * Both at once are refused rather than one silently winning.
 */
export const withSharedAlias = <S extends z.ZodType>(schema: S) =>
  z.preprocess((query, ctx) => {
    if (typeof query !== "object" || query === null || !("shared" in query)) return query;
    const { shared, ...rest } = query as Record<string, unknown>;
    if ("sharing" in rest) {
      ctx.addIssue({ code: "custom", path: ["shared"], message: "Give the sharing filter once, as sharing or as shared" });
      return rest;
    }
    return { ...rest, sharing: shared };
  }, schema).meta({ "x-aliases": { shared: "sharing" } });
