import "server-only";
import { project } from "@/db/schema/project";
import { caseless, type ScopedEntity } from "@/lib/server/scoped";

export type ProjectRow = typeof project.$inferSelect;

export function projectView(row: ProjectRow) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    type: row.typeId,
    status: row.status,
    fields: row.fields,
    owner: row.ownerId,
    customer: row.customerId,
    site: row.siteId,
    location: row.locationId,
    organization: row.organizationId,
    sharing: row.sharing,
    created: row.createdAt,
    updated: row.updatedAt,
  };
}

export type ProjectView = ReturnType<typeof projectView>;

export const projectEntity: ScopedEntity<ProjectRow, ProjectView> = {
  type: "project",
  resource: "Project",
  table: project,
  columns: {
    id: project.id,
    organizationId: project.organizationId,
    location: project.locationId,
    sharing: project.sharing,
    audience: project.audience,
    reach: project.reach,
    status: project.status,
    search: { lowered: project.searchText },
    searchSlice: project.searchSlice,
    storedView: project.storedView,
  },
  organizationSearchWalks: true,
  sorts: {
    created: project.createdAt,
    updated: project.updatedAt,
    title: caseless(project.title),
    name: caseless(project.title),
  },
  locationKey: "locationId",
  fields: {
    title: "title",
    description: "description",
    type: "typeId",
    status: "status",
    fields: "fields",
    owner: "ownerId",
    customer: "customerId",
    site: "siteId",
    sharing: "sharing",
  },
  view: projectView,
  rowLocation: (row) => row.locationId,
};
