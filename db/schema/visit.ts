import { sql } from "drizzle-orm";
import { bigint, boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { VISIT_ITEM_KINDS } from "@/lib/schemas/visit-item";
import { VISIT_STATUSES } from "@/lib/schemas/visit-status";
import { audience, id, itemStatus, sameOrganization, sharing, timestamps } from "./columns";
import { customer } from "./customer";
import { member } from "./member";
import { location, organization } from "./organization";
import { project } from "./project";
import { site } from "./site";

/**
 * A visit of a project (the job): when someone goes to the site. It is seen and
 * changed as its project is. Lists filter it by what it carries itself, so each
 * list is one index range and no join: its project's location, sharing (hence its
 * audience) and customer are copies the database keeps in step with the project
 * (trigger visit_follow_project, migration 0029), as project.audience follows
 * project.sharing.
 *
 * Time: `start_at`/`end_at` are instants; a visit on a day with no set time has
 * `day` instead. `span_start`/`span_end` are the instants it occupies either way
 * (an any-time visit: its whole local day), what lists and clashes compare;
 * An unscheduled visit spans nothing (span_start 'infinity', span_end null).
 * `local_start`/`local_end` are the same as wall clock at `time_zone`. The service
 * computes both with the Temporal polyfill when it writes the row (ARCHITECTURE.md §8a);
 * the zone is the site's (else the location's business details', else the
 * organization's) as it was when the visit was last scheduled.
 */
export const visit = pgTable(
  "visit",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    projectId: uuid("project_id").notNull(),
    // Copies of the project's (see above).
    locationId: uuid("location_id"),
    sharing: sharing(),
    audience: audience(),
    customerId: uuid("customer_id"),
    siteId: uuid("site_id"),
    timeZone: text("time_zone").notNull(),
    startAt: timestamp("start_at", { withTimezone: true }),
    endAt: timestamp("end_at", { withTimezone: true }),
    day: date("day", { mode: "string" }),
    // 'infinity' for an unscheduled visit, so it sorts after every scheduled one and a list's cursor can pass it.
    spanStart: timestamp("span_start", { withTimezone: true }).notNull().default(sql`'infinity'`),
    spanEnd: timestamp("span_end", { withTimezone: true }),
    localStart: timestamp("local_start", { mode: "string" }),
    localEnd: timestamp("local_end", { mode: "string" }),
    // Minutes shown to the customer as the arrival window; null: none.
    arrivalWindow: integer("arrival_window"),
    // Assigned members; visit_member holds one row per member for the member's own index.
    members: uuid("members").array().notNull().default(sql`'{}'::uuid[]`),
    instructions: text("instructions"),
    // Whether the organization's automatic messages (confirmation, reminders …) go to the customer about this visit.
    automaticMessages: boolean("automatic_messages").notNull().default(true),
    status: text("status", { enum: VISIT_STATUSES }).notNull().default("scheduled"),
    statusChanged: timestamp("status_changed", { withTimezone: true }).notNull().defaultNow(),
    statusChangedBy: uuid("status_changed_by"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("visit_org_id_idx").on(t.organizationId, t.id),
    sameOrganization("visit_project_fk", t.organizationId, t.projectId, project),
    sameOrganization("visit_location_fk", t.organizationId, t.locationId, location),
    sameOrganization("visit_customer_fk", t.organizationId, t.customerId, customer),
    sameOrganization("visit_site_fk", t.organizationId, t.siteId, site),
    sameOrganization("visit_status_changed_by_fk", t.organizationId, t.statusChangedBy, member),
    // "The week of one location": one range of this index, in list order, sharing read from it.
    index("visit_org_location_span_idx").on(t.organizationId, t.locationId, t.spanStart, t.id, t.spanEnd, t.audience),
    // The organization's schedule, and the unscheduled tray (span_start is null).
    index("visit_org_span_idx").on(t.organizationId, t.spanStart, t.id, t.spanEnd, t.audience),
    index("visit_org_project_span_idx").on(t.organizationId, t.projectId, t.spanStart, t.id),
    index("visit_org_customer_span_idx").on(t.organizationId, t.customerId, t.spanStart, t.id),
  ],
);

/**
 * One row per assigned member of a visit, with the visit's project, span and status, kept by
 * the database from visit.members (trigger visit_members_sync): "one member's
 * month" and the clash check read one range of (member, span_start). A GIN index on
 * visit.members would find a member's visits but not in time order, so a month
 * would read all of the member's visits of three years first.
 */
export const visitMember = pgTable(
  "visit_member",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    visitId: uuid("visit_id").notNull(),
    // The visit's project (a visit keeps its project), so a clash is told without reading the visit.
    projectId: uuid("project_id").notNull(),
    memberId: uuid("member_id").notNull(),
    spanStart: timestamp("span_start", { withTimezone: true }).notNull(),
    spanEnd: timestamp("span_end", { withTimezone: true }),
    // Timed visits only clash; an any-time visit does not block the day.
    timed: boolean("timed").notNull(),
    status: text("status", { enum: VISIT_STATUSES }).notNull(),
  },
  (t) => [
    primaryKey({ name: "visit_member_pk", columns: [t.organizationId, t.visitId, t.memberId] }),
    sameOrganization("visit_member_visit_fk", t.organizationId, t.visitId, visit).onDelete("cascade"),
    sameOrganization("visit_member_member_fk", t.organizationId, t.memberId, member),
    index("visit_member_org_member_span_idx").on(t.organizationId, t.memberId, t.spanStart, t.visitId),
    // The clash check (lib/services/visit-clash.ts): the visits that can clash, each a member's
    // range by start read from the index alone (span_end and the project are in it).
    index("visit_member_clash_idx")
      .on(t.organizationId, t.memberId, t.spanStart, t.visitId, t.spanEnd, t.projectId)
      .where(sql`${t.timed} and ${t.status} <> 'cancelled'`),
  ],
);

/**
 * A member's time off: a range of instants, or whole days (inclusive, read in the
 * member's location's time zone, else the organization's), with a reason.
 */
export const timeOff = pgTable(
  "time_off",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    memberId: uuid("member_id").notNull(),
    allDay: boolean("all_day").notNull().default(false),
    startAt: timestamp("start_at", { withTimezone: true }).notNull(),
    endAt: timestamp("end_at", { withTimezone: true }).notNull(),
    startDay: date("start_day", { mode: "string" }),
    endDay: date("end_day", { mode: "string" }),
    reason: text("reason"),
    status: itemStatus(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("time_off_org_id_idx").on(t.organizationId, t.id),
    sameOrganization("time_off_member_fk", t.organizationId, t.memberId, member),
    index("time_off_org_member_start_idx").on(t.organizationId, t.memberId, t.startAt, t.id),
    // Clashes: a member's time off that ends after a time, most of it ahead of a schedule's week.
    index("time_off_org_member_end_idx").on(t.organizationId, t.memberId, t.endAt),
    index("time_off_org_start_idx").on(t.organizationId, t.startAt, t.id),
  ],
);

/**
 * What was used on a visit: time worked (a member's minutes, priced by the price item for an
 * hour of work) or a material (a price item or free text). Amounts as a project's lines
 * keep them: quantity in thousandths, prices in minor units, the tax rate copied in
 * (ARCHITECTURE.md §8a). A time row's quantity is its minutes in hours. Its visit's
 * project, location and sharing are copies the database keeps in step with the visit
 * (triggers visit_item_take_visit, visit_item_follow_visit), as the visit's follow its project.
 * An invoice line made from a row names it as its source (kind "visit"), which is how the
 * project's next invoice knows it was invoiced.
 */
export const visitItem = pgTable(
  "visit_item",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    visitId: uuid("visit_id").notNull(),
    // Copies of the visit's (see above).
    projectId: uuid("project_id").notNull(),
    locationId: uuid("location_id"),
    sharing: sharing(),
    audience: audience(),
    kind: text("kind", { enum: VISIT_ITEM_KINDS }).notNull(),
    // Time: who worked, and for how long.
    memberId: uuid("member_id"),
    minutes: integer("minutes"),
    priceItemId: uuid("price_item_id"),
    name: text("name").notNull(),
    description: text("description"),
    quantity: bigint("quantity", { mode: "number" }).notNull(),
    unit: text("unit").notNull(),
    unitPrice: bigint("unit_price", { mode: "number" }).notNull(),
    unitCost: bigint("unit_cost", { mode: "number" }),
    taxRateId: uuid("tax_rate_id"),
    taxName: text("tax_name").notNull(),
    taxCategory: text("tax_category").notNull(),
    taxPercentMilli: integer("tax_percent_milli").notNull(),
    taxExemptionReason: text("tax_exemption_reason"),
    createdBy: uuid("created_by"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("visit_item_org_id_idx").on(t.organizationId, t.id),
    sameOrganization("visit_item_visit_fk", t.organizationId, t.visitId, visit).onDelete("cascade"),
    sameOrganization("visit_item_member_fk", t.organizationId, t.memberId, member),
    index("visit_item_org_visit_idx").on(t.organizationId, t.visitId, t.createdAt, t.id),
    index("visit_item_org_project_idx").on(t.organizationId, t.projectId, t.createdAt, t.id),
  ],
);
