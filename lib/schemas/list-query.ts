import { DEFAULT_LIMIT, DEFAULT_SHARING, MAX_LIMIT, MAX_SEARCH_LENGTH, SHARING_FILTERS, type ListOptions } from "./lists";
import { z } from "./z";

/** A query value that may arrive once (a string) or repeated (an array). */
export const listParam = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (value === undefined || Array.isArray(value) ? value : [value]), z.array(item));

const count = (min: number) =>
  z.coerce
    .number({ error: "validation.param.number" })
    .int({ error: "validation.param.wholeNumber" })
    .min(min, { error: "validation.param.min" });

/** The query every list endpoint accepts (ARCHITECTURE.md §3, spec §5); entities add filters with `.extend`. */
export function listQuerySchema<Status extends string, Sort extends string>(options: ListOptions<Status, Sort>) {
  const sorts = options.sorts.flatMap((field) => [`${field}:asc`, `${field}:desc`]) as [string, ...string[]];
  return z.strictObject({
    search: z.string().trim().max(MAX_SEARCH_LENGTH, { error: "validation.param.maxLength" }).optional(),
    status: listParam(z.enum(options.statuses, { error: "validation.param.oneOf" })).default(
      [...options.defaultStatus],
    ),
    sort: z
      .enum(sorts, { error: "validation.param.oneOf" })
      .default(`${options.defaultSort}:${options.defaultDirection ?? "desc"}`)
      .transform((value) => {
        const [field, direction] = value.split(":") as [Sort, "asc" | "desc"];
        return { field, direction };
      }),
    skip: count(0).optional(),
    page: count(0).optional(),
    after: z.string().max(1000, { error: "validation.param.after" }).optional(),
    limit: count(1).max(MAX_LIMIT, { error: "validation.param.max" }).default(DEFAULT_LIMIT),
    sharing: z.enum(SHARING_FILTERS, { error: "validation.param.oneOf" }).default(DEFAULT_SHARING),
    id: listParam(z.uuid({ error: "validation.param.uuid" })).optional(),
  });
}

/** Rows created at or after an instant (ISO 8601: a date is its midnight UTC), as the dashboard's "new this week" links ask. */
export const createdSinceParam = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()], { error: "validation.param.dateTime" })
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
      ctx.addIssue({ code: "custom", path: ["shared"], message: "validation.param.sharingTwice" });
      return rest;
    }
    return { ...rest, sharing: shared };
  }, schema).meta({ "x-aliases": { shared: "sharing" } });
