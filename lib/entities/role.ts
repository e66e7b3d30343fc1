import "server-only";
import { role } from "@/db/schema/member";
import { caseless, type ScopedEntity } from "@/lib/server/scoped";

type RoleRow = typeof role.$inferSelect;

function roleView(row: RoleRow) {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    privileges: row.privileges,
    location: row.locationId,
    organization: row.organizationId,
    sharing: row.sharing,
    created: row.createdAt,
    updated: row.updatedAt,
  };
}

export const roleEntity: ScopedEntity<RoleRow, ReturnType<typeof roleView>> = {
  type: "role",
  resource: "Role",
  table: role,
  columns: {
    id: role.id,
    organizationId: role.organizationId,
    location: role.locationId,
    sharing: role.sharing,
    status: role.status,
    search: role.name,
  },
  sorts: { created: role.createdAt, updated: role.updatedAt, name: caseless(role.name) },
  locationKey: "locationId",
  fields: { name: "name", status: "status", privileges: "privileges", sharing: "sharing" },
  view: roleView,
  rowLocation: (row) => row.locationId,
  // A member sees the name of the role they hold, also where roles are not shared with their location.
  readableOwn: (row, session) => row.id === session.roleId,
};
