import "server-only";
import { sql } from "drizzle-orm";
import { site } from "@/db/schema/site";
import { caseless, type ScopedEntity } from "@/lib/server/scoped";
import type { PartEntity } from "@/lib/server/scoped-parts";
import { customerEntity } from "./customer";

export type SiteRow = typeof site.$inferSelect;

export function siteView(row: SiteRow) {
  return {
    id: row.id,
    customer: row.customerId,
    label: row.label,
    line1: row.line1,
    line2: row.line2,
    zip: row.zip,
    city: row.city,
    state: row.state,
    country: row.country,
    access_notes: row.accessNotes,
    contact: row.contactId,
    time_zone: row.timeZone,
    status: row.status,
    organization: row.organizationId,
    created: row.createdAt,
    updated: row.updatedAt,
  };
}

export type SiteView = ReturnType<typeof siteView>;

/** A customer's site: seen and changed as its customer is (lib/server/scoped-parts.ts). */
export const siteEntity: PartEntity<SiteRow, SiteView> = {
  type: "site",
  resource: "Site",
  table: site,
  owner: customerEntity as unknown as ScopedEntity<never, unknown>,
  columns: {
    id: site.id,
    organizationId: site.organizationId,
    ownerId: site.customerId,
    status: site.status,
    // Staff look a site up by its name or any part of its address.
    search: sql`concat_ws(' ', ${site.label}, ${site.line1}, ${site.line2}, ${site.zip}, ${site.city})`,
  },
  ownerKey: "customerId",
  sorts: { created: site.createdAt, updated: site.updatedAt, name: caseless(site.label) },
  fields: {
    label: "label",
    line1: "line1",
    line2: "line2",
    zip: "zip",
    city: "city",
    state: "state",
    country: "country",
    access_notes: "accessNotes",
    contact: "contactId",
    time_zone: "timeZone",
    status: "status",
  },
  view: siteView,
};
