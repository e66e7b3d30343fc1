import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import type { FieldDefinition, FieldValue, ProjectStatus, ProjectTypeIcon } from "@/lib/schemas/project-type";
import type { Workflow } from "@/lib/schemas/workflow";
import { audience, id, itemStatus, searchText, sharing, timestamps } from "./columns";
import { customer } from "./customer";
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
    locationId: uuid("location_id").references(() => location.id),
    sharing: sharing(),
    statuses: jsonb("statuses").$type<ProjectStatus[]>().notNull(),
    fields: jsonb("fields").$type<FieldDefinition[]>().notNull().default(sql`'[]'::jsonb`),
    workflows: jsonb("workflows").$type<Workflow[]>().notNull().default(sql`'[]'::jsonb`),
    // When true, a project's status changes only through the type's workflows.
    statusesByWorkflow: boolean("statuses_by_workflow").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index("project_type_org_status_created_idx").on(t.organizationId, t.status, t.createdAt),
    index("project_type_org_name_idx").on(t.organizationId, sql`lower(${t.name})`),
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
    typeId: uuid("type_id")
      .notNull()
      .references(() => projectType.id),
    // An id from the type's statuses, not an active/removed flag.
    status: integer("status").notNull(),
    fields: jsonb("fields").$type<FieldValue[]>().notNull().default(sql`'[]'::jsonb`),
    ownerId: uuid("owner_id").references(() => member.id),
    customerId: uuid("customer_id").references(() => customer.id),
    locationId: uuid("location_id").references(() => location.id),
    sharing: sharing(),
    audience: audience(),
    searchText: searchText("title"),
    ...timestamps,
  },
  (t) => [
    // The default list order is created_at then id; with id in the key no sort step follows the index scan.
    index("project_org_created_id_idx").on(t.organizationId, t.createdAt, t.id, t.audience),
    index("project_org_type_status_idx").on(t.organizationId, t.typeId, t.status),
    index("project_org_title_idx").on(t.organizationId, sql`lower(${t.title})`),
    index("project_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
  ],
);
