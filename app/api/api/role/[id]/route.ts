import { roleUpdateSchema } from "@/lib/schemas/role";
import { route } from "@/lib/server/route";
import { getRole, updateRole } from "@/lib/services/role";

// GET /api/api/role/{id} — one role
export const GET = route({ resource: "Role" }, ({ db, session, params }) => getRole(db, session, params.id));

// PATCH /api/api/role/{id} — change name, privileges, status or sharing
export const PATCH = route(
  { resource: "Role", body: roleUpdateSchema, privilege: "members_manage" },
  ({ db, session, params, body }) => updateRole(db, session, params.id, body),
);
