import "server-only";
import { sql } from "drizzle-orm";
import { visit } from "@/db/schema/visit";
import { shownWallClock } from "@/lib/server/zoned-time";
import type { ScopedEntity } from "@/lib/server/scoped";

export type VisitRow = typeof visit.$inferSelect;

/**
 * A visit as its row holds it; the service adds its project's title, customer's name and
 * clashes (lib/services/visit.ts). `wallClock` shows its stored local times.
 */
export function visitBaseView(row: VisitRow, wallClock: (stored: string | null) => string | null = shownWallClock) {
  return {
    id: row.id,
    project: row.projectId,
    customer: row.customerId,
    site: row.siteId,
    location: row.locationId,
    time_zone: row.timeZone,
    start: row.startAt,
    end: row.endAt,
    start_local: row.startAt ? wallClock(row.localStart) : null,
    end_local: row.startAt ? wallClock(row.localEnd) : null,
    day: row.day,
    arrival_window: row.arrivalWindow,
    members: row.members,
    instructions: row.instructions,
    automatic_messages: row.automaticMessages,
    status: row.status,
    status_changed: row.statusChanged,
    status_changed_by: row.statusChangedBy,
    organization: row.organizationId,
    created: row.createdAt,
    updated: row.updatedAt,
  };
}

export type VisitBaseView = ReturnType<typeof visitBaseView>;

/**
 * A project's visit: its location and sharing are its project's (copies the
 * database keeps in step, db/schema/visit.ts), so the scoped layer's sharing
 * conditions and levels apply to it exactly as to the project. A member assigned
 * to a visit may always read it, and finds it in lists.
 */
export const visitEntity: ScopedEntity<VisitRow, VisitBaseView> = {
  type: "visit",
  resource: "Visit",
  table: visit,
  columns: {
    id: visit.id,
    organizationId: visit.organizationId,
    location: visit.locationId,
    sharing: visit.sharing,
    audience: visit.audience,
    status: visit.status,
    search: visit.instructions,
  },
  // Any-time visits span their whole local day, so they come first among the day's.
  sorts: { start: visit.spanStart },
  fields: {
    start: "startAt",
    end: "endAt",
    day: "day",
    time_zone: "timeZone",
    arrival_window: "arrivalWindow",
    members: "members",
    site: "siteId",
    instructions: "instructions",
    automatic_messages: "automaticMessages",
    status: "status",
  },
  view: (row) => visitBaseView(row),
  rowLocation: (row) => row.locationId,
  readableOwn: (row, session) => row.members.includes(session.memberId),
  // A member's own visits are in their lists too (the technician's day), wherever the project is.
  listedOwn: (session) => sql`${visit.members} @> array[${session.memberId}]::uuid[]`,
};
