import { optionalText } from "./fields";
import { listParam, listQuerySchema } from "./list-query";
import type { ListOptions } from "./lists";
import { TIME_OFF_STATUSES } from "./visit-status";
import { daySchema } from "./visit";
import { z } from "./z";

/** Time off in time order; active by default. */
export const TIME_OFF_LIST = {
  statuses: TIME_OFF_STATUSES,
  defaultStatus: ["active"],
  sorts: ["start"],
  defaultSort: "start",
  defaultDirection: "asc",
} as const satisfies ListOptions;

const instantSchema = z.iso.datetime({ offset: true, error: "validation.timeOff.instant" });

const timeOffFields = {
  reason: optionalText(500),
  all_day: z.boolean({ error: "validation.trueOrFalse" }).optional(),
  start: instantSchema.optional(),
  end: instantSchema.optional(),
  start_day: daySchema.optional(),
  end_day: daySchema.optional(),
};

type Shape = { all_day?: boolean; start?: string; end?: string; start_day?: string; end_day?: string };

/** Whole days give start_day and end_day (inclusive); part of a day gives start and end. */
function checkShape(value: Shape, ctx: z.RefinementCtx, required: boolean) {
  const problem = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  const days = value.all_day ?? (value.start_day !== undefined || value.end_day !== undefined);
  const times = value.start !== undefined || value.end !== undefined;
  if (days) {
    if (times) problem(value.start !== undefined ? "start" : "end", "validation.timeOff.daysOrTimes");
    if ((required || value.all_day !== undefined || value.start_day !== undefined || value.end_day !== undefined) && (value.start_day === undefined || value.end_day === undefined)) {
      problem(value.start_day === undefined ? "start_day" : "end_day", "validation.timeOff.bothDays");
    }
  } else if (required || times) {
    if (value.start === undefined || value.end === undefined) problem(value.start === undefined ? "start" : "end", "validation.timeOff.bothTimes");
  }
}

export const timeOffCreateSchema = z
  .strictObject({ member: z.uuid({ error: "validation.visit.member" }), ...timeOffFields })
  .superRefine((value, ctx) => checkShape(value, ctx, true));

export const timeOffUpdateSchema = z
  .strictObject({ ...timeOffFields, status: z.enum(TIME_OFF_STATUSES, { error: "validation.activeOrRemoved" }).optional() })
  .superRefine((value, ctx) => checkShape(value, ctx, false));

const boundParam = z.union([z.iso.datetime({ offset: true }), z.iso.date()], { error: "validation.param.dateTime" });

export const timeOffListQuerySchema = listQuerySchema(TIME_OFF_LIST)
  .omit({ search: true, sharing: true })
  .extend({
    from: boundParam.optional(),
    to: boundParam.optional(),
    member: listParam(z.uuid({ error: "validation.param.uuid" })).optional(),
  });

export type TimeOffCreate = z.input<typeof timeOffCreateSchema>;
export type TimeOffUpdate = z.input<typeof timeOffUpdateSchema>;
