import { roleUpdateSchema } from "@/lib/schemas/role";
import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { getRole, updateRole } from "@/lib/services/role";

// GET /api/api/role/{id} — one role
export const GET = route({ params: idParams("Role") }, ({ db, session, params }) => getRole(db, session, params.id));

// PATCH /api/api/role/{id} — change name, privileges, status or sharing
export const PATCH = route(
  { params: idParams("Role"), body: roleUpdateSchema, privilege: "members_manage" },
  ({ db, session, params, body }) => updateRole(db, session, params.id, body),
);
