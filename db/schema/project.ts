import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { FieldDefinition, FieldValue, ProjectStatus, ProjectTypeIcon } from "@/lib/schemas/project-type";
import type { Workflow } from "@/lib/schemas/workflow";
import { audience, id, itemStatus, nameOrder, reach, sameOrganization, searchSlice, searchText, sharing, storedView, timestamps } from "./columns";
import { customer } from "./customer";
import { site } from "./site";
import { member } from "./member";
import { location, organization } from "./organization";

export const projectType = pgTable(
  "project_type",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    icon: text("icon").$type<ProjectTypeIcon>().notNull(),
    color: text("color").notNull(),
    status: itemStatus(),
    locationId: uuid("location_id"),
    sharing: sharing(),
    statuses: jsonb("statuses").$type<ProjectStatus[]>().notNull(),
    fields: jsonb("fields").$type<FieldDefinition[]>().notNull().default(sql`'[]'::jsonb`),
    workflows: jsonb("workflows").$type<Workflow[]>().notNull().default(sql`'[]'::jsonb`),
    // When true, a project's status changes only through the type's workflows.
    statusesByWorkflow: boolean("statuses_by_workflow").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    // The target of references from other tenant tables (sameOrganization).
    uniqueIndex("project_type_org_id_idx").on(t.organizationId, t.id),
    sameOrganization("project_type_location_fk", t.organizationId, t.locationId, location),
    index("project_type_org_status_created_idx").on(t.organizationId, t.status, t.createdAt),
    index("project_type_org_name_idx").on(t.organizationId, nameOrder(t.name)),
    index("project_type_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
  ],
);

export const project = pgTable(
  "project",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    typeId: uuid("type_id").notNull(),
    // An id from the type's statuses, not an active/removed flag.
    status: integer("status").notNull(),
    fields: jsonb("fields").$type<FieldValue[]>().notNull().default(sql`'[]'::jsonb`),
    ownerId: uuid("owner_id"),
    customerId: uuid("customer_id"),
    // One of the customer's sites: where the work is.
    siteId: uuid("site_id"),
    locationId: uuid("location_id"),
    sharing: sharing(),
    audience: audience(),
    reach: reach(),
    searchText: searchText("title"),
    searchSlice: searchSlice(),
    storedView: storedView(),
    ...timestamps,
  },
  (t) => [
    // The target of references from other tenant tables (sameOrganization).
    uniqueIndex("project_org_id_idx").on(t.organizationId, t.id),
    sameOrganization("project_location_fk", t.organizationId, t.locationId, location),
    sameOrganization("project_customer_fk", t.organizationId, t.customerId, customer),
    sameOrganization("project_site_fk", t.organizationId, t.siteId, site),
    // The projects at a site, for the rule that a site in use stays.
    index("project_org_site_idx").on(t.organizationId, t.siteId),
    sameOrganization("project_owner_fk", t.organizationId, t.ownerId, member),
    sameOrganization("project_type_fk", t.organizationId, t.typeId, projectType),
    // The default list order is created_at then id; with id in the key no sort step follows the index scan.
    index("project_org_created_id_idx").on(t.organizationId, t.createdAt, t.id, t.audience),
    // A location member's search (columns.ts `reach`): each part newest first, with what the
    // search and the sharing test read, so the walk never visits the table. A title is at
    // most 200 characters and an audience names at most 40 locations: an entry fits.
    index("project_org_reach_created_idx").on(t.organizationId, t.reach, t.createdAt, t.id, t.status, t.audience, t.searchText),
    index("project_org_type_status_idx").on(t.organizationId, t.typeId, t.status),
    // The start page's counts by type and status: a location member's in the parts of the
    // rows the location reads (lib/services/dashboard.ts), and the member's own projects.
    index("project_org_reach_type_status_idx").on(t.organizationId, t.reach, t.typeId, t.status, t.audience),
    index("project_org_owner_type_status_idx").on(t.organizationId, t.ownerId, t.typeId, t.status),
    index("project_org_title_idx").on(t.organizationId, nameOrder(t.title)),
    // A search newest first, one period at a time (columns.ts `searchSlice`); a search by
    // the trigrams alone reads the same index, as it would one on the search text only.
    index("project_search_slice_idx").using("gin", t.searchSlice, sql`${t.searchText} gin_trgm_ops`),
  ],
);
