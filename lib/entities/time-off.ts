import "server-only";
import { timeOff } from "@/db/schema/visit";

export type TimeOffRow = typeof timeOff.$inferSelect;

export function timeOffView(row: TimeOffRow) {
  return {
    id: row.id,
    member: row.memberId,
    all_day: row.allDay,
    start: row.startAt,
    end: row.endAt,
    start_day: row.startDay,
    end_day: row.endDay,
    reason: row.reason,
    status: row.status,
    organization: row.organizationId,
    created: row.createdAt,
    updated: row.updatedAt,
  };
}

export type TimeOffView = ReturnType<typeof timeOffView>;

/** API field name to row key, for change sets and history. */
export const TIME_OFF_FIELDS = {
  member: "memberId",
  all_day: "allDay",
  start: "startAt",
  end: "endAt",
  start_day: "startDay",
  end_day: "endDay",
  reason: "reason",
  status: "status",
} as const satisfies Record<string, keyof TimeOffRow>;

export const TIME_OFF_TYPE = "time_off";
export const TIME_OFF_RESOURCE = "Time off";
