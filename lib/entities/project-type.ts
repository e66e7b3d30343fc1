import "server-only";
import { projectType } from "@/db/schema/project";
import { caseless, type ScopedEntity } from "@/lib/server/scoped";

export type ProjectTypeRow = typeof projectType.$inferSelect;

function projectTypeView(row: ProjectTypeRow) {
  return {
    id: row.id,
    name: row.name,
    icon: row.icon,
    color: row.color,
    status: row.status,
    location: row.locationId,
    organization: row.organizationId,
    sharing: row.sharing,
    statuses_by_workflow: row.statusesByWorkflow,
    statuses: row.statuses,
    fields: row.fields,
    workflows: row.workflows,
    created: row.createdAt,
    updated: row.updatedAt,
  };
}

export const projectTypeEntity: ScopedEntity<ProjectTypeRow, ReturnType<typeof projectTypeView>> = {
  type: "project_type",
  resource: "Project type",
  table: projectType,
  columns: {
    id: projectType.id,
    organizationId: projectType.organizationId,
    location: projectType.locationId,
    sharing: projectType.sharing,
    status: projectType.status,
    search: projectType.name,
  },
  sorts: { created: projectType.createdAt, updated: projectType.updatedAt, name: caseless(projectType.name) },
  locationKey: "locationId",
  fields: {
    name: "name",
    icon: "icon",
    color: "color",
    status: "status",
    sharing: "sharing",
    statuses_by_workflow: "statusesByWorkflow",
    statuses: "statuses",
    fields: "fields",
    workflows: "workflows",
  },
  view: projectTypeView,
  rowLocation: (row) => row.locationId,
};
