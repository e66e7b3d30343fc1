import { optionalText } from "./fields";
import { listParam, listQuerySchema } from "./list-query";
import type { ListOptions } from "./lists";
import { ARRIVAL_WINDOW_MAX, ARRIVAL_WINDOW_MIN, VISIT_STATUSES } from "./visit-status";
import { z } from "./z";

export { VISIT_STATUSES, type VisitStatus } from "./visit-status";

/** Visits in time order, any-time visits of a day first; no status filter by default. */
export const VISIT_LIST = {
  statuses: VISIT_STATUSES,
  defaultStatus: [],
  sorts: ["start"],
  defaultSort: "start",
  defaultDirection: "asc",
} as const satisfies ListOptions;

export const VISIT_LIST_MAX = 1000;

/** A wall clock with no offset, read in the visit's time zone. */
export const WALL_CLOCK = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/**
 * A visit's start or end: an instant with an offset or Z ("2027-03-28T08:00:00Z"), or a wall clock
 * "2027-03-28T09:00" read in the visit's time zone (lib/server/zoned-time.ts).
 */
export const visitTimeSchema = z.union([z.iso.datetime({ offset: true }), z.string().regex(WALL_CLOCK).refine((text) => !Number.isNaN(Date.parse(`${text}:00Z`)))], {
  error: "validation.visit.time",
});

export const daySchema = z.iso.date({ error: "validation.visit.day" });

const arrivalWindowSchema = z
  .number({ error: "validation.visit.arrivalWindow" })
  .int({ error: "validation.visit.arrivalWindow" })
  .min(ARRIVAL_WINDOW_MIN, { error: "validation.visit.arrivalWindow" })
  .max(ARRIVAL_WINDOW_MAX, { error: "validation.visit.arrivalWindow" })
  .nullable();

const membersSchema = z
  .array(z.uuid({ error: "validation.visit.member" }))
  .max(20, { error: "validation.visit.members" })
  .refine((ids) => new Set(ids).size === ids.length, { error: "validation.visit.memberTwice" });

const visitFields = {
  start: visitTimeSchema.nullable().optional(),
  end: visitTimeSchema.nullable().optional(),
  day: daySchema.nullable().optional(),
  arrival_window: arrivalWindowSchema.optional(),
  members: membersSchema.optional(),
  site: z.uuid({ error: "validation.siteId" }).nullable().optional(),
  instructions: optionalText(4000),
  status: z.enum(VISIT_STATUSES, { error: "validation.visit.status" }).optional(),
  /** false: the organization's automatic messages (confirmation, reminders …) are not sent about this visit. */
  automatic_messages: z.boolean({ error: "validation.visit.automaticMessages" }).optional(),
};

type Times = { start?: string | null; end?: string | null; day?: string | null };

/** Start and end come together; a day only without a start. */
function checkTimes(value: Times, ctx: z.RefinementCtx) {
  const start = value.start ?? null;
  const end = value.end ?? null;
  if ((start === null) !== (end === null) && (value.start !== undefined || value.end !== undefined)) {
    ctx.addIssue({ code: "custom", path: [start === null ? "start" : "end"], message: "validation.visit.startAndEnd" });
  }
  if (start !== null && value.day) ctx.addIssue({ code: "custom", path: ["day"], message: "validation.visit.dayOrStart" });
}

export const visitCreateSchema = z
  .strictObject({ project: z.uuid({ error: "validation.visit.project" }), ...visitFields })
  .superRefine(checkTimes);

/** Minutes until arrival a member on the way gives, for the customer's "on my way" message. */
export const ETA_MINUTES_MAX = 240;

/**
 * Any of the fields; a new start clears the day and a new day clears start and end.
 * `eta_minutes` goes with `status: "on_the_way"` only, into the customer's message.
 */
export const visitUpdateSchema = z
  .strictObject({
    ...visitFields,
    eta_minutes: z
      .number({ error: "validation.visit.etaMinutes" })
      .int({ error: "validation.visit.etaMinutes" })
      .min(1, { error: "validation.visit.etaMinutes" })
      .max(ETA_MINUTES_MAX, { error: "validation.visit.etaMinutes" })
      .optional(),
  })
  .superRefine(checkTimes)
  .superRefine((value, ctx) => {
    if (value.eta_minutes !== undefined && value.status !== "on_the_way") ctx.addIssue({ code: "custom", path: ["eta_minutes"], message: "validation.visit.etaOnTheWay" });
  });

/** An instant, or a date (YYYY-MM-DD) read as that day's wall clock at each visit's own time zone. */
const boundParam = z.union([z.iso.datetime({ offset: true }), z.iso.date()], { error: "validation.param.dateTime" });
const uuids = listParam(z.uuid({ error: "validation.param.uuid" })).optional();

const baseVisitList = listQuerySchema(VISIT_LIST).omit({ search: true });

export const visitListQuerySchema = z.preprocess(
  // The next page is asked with `after`, as every list; `cursor` is read as it.
  (query) => {
    if (typeof query !== "object" || query === null || !("cursor" in query) || "after" in query) return query;
    const { cursor, ...rest } = query as Record<string, unknown>;
    return { ...rest, after: cursor };
  },
  baseVisitList.extend({
    limit: baseVisitList.shape.limit.pipe(z.number().max(VISIT_LIST_MAX, { error: "validation.param.max" })),
    from: boundParam.optional(),
    to: boundParam.optional(),
    member: uuids,
    location: uuids,
    // A location's board: its visits, and its people's wherever they are.
    or_member: listParam(z.uuid({ error: "validation.param.uuid" }))
      .optional()
      .meta({ description: "With `location`: the visits assigned to one of these members are listed too, wherever they are" }),
    project: uuids,
    customer: uuids,
    unscheduled: z
      .enum(["true", "false"], { error: "validation.param.trueOrFalse" })
      .transform((value) => value === "true")
      .optional(),
  }),
).meta({ "x-aliases": { cursor: "after" } });

export type VisitCreate = z.input<typeof visitCreateSchema>;
export type VisitUpdate = z.input<typeof visitUpdateSchema>;
export type VisitClash = { type: "visit" | "time_off" | "hours"; id: string | null; title: string; start: string; end: string };
