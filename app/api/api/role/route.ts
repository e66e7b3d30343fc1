import { roleCreateSchema, roleListQuerySchema } from "@/lib/schemas/role";
import { route } from "@/lib/server/route";
import { createRole, listRoles } from "@/lib/services/role";

// GET /api/api/role — list roles
export const GET = route({ query: roleListQuerySchema }, ({ db, session, query }) => listRoles(db, session, query));

// POST /api/api/role — create a role
export const POST = route(
  { body: roleCreateSchema, privilege: "members_manage", status: 201 },
  ({ db, session, body }) => createRole(db, session, body),
);
