import { index, pgTable, unique, uuid } from "drizzle-orm/pg-core";
import { id, sameOrganization, timestamps } from "./columns";
import { member } from "./member";
import { organization } from "./organization";
import { project } from "./project";

/**
 * A file kept with a project (a photo taken at a visit): seen by whoever sees the
 * project (lib/services/file-visibility.ts). `visit` names the visit it came from,
 * when it came from one.
 */
export const projectFile = pgTable(
  "project_file",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    projectId: uuid("project_id").notNull(),
    fileId: uuid("file_id").notNull(),
    visitId: uuid("visit_id"),
    addedBy: uuid("added_by"),
    ...timestamps,
  },
  (t) => [
    sameOrganization("project_file_project_fk", t.organizationId, t.projectId, project).onDelete("cascade"),
    sameOrganization("project_file_added_by_fk", t.organizationId, t.addedBy, member),
    unique("project_file_project_file_key").on(t.projectId, t.fileId),
    index("project_file_org_project_idx").on(t.organizationId, t.projectId, t.createdAt),
    // Which projects show a file, for who may see it.
    index("project_file_org_file_idx").on(t.organizationId, t.fileId),
  ],
);
