import { memberCreateSchema, memberListQuerySchema } from "@/lib/schemas/member";
import { route } from "@/lib/server/route";
import { createMember, listMembers } from "@/lib/services/member";

// GET /api/api/member — list members (optionally of some roles)
export const GET = route({ query: memberListQuerySchema }, ({ db, session, query }) => listMembers(db, session, query));

// POST /api/api/member — create a member
export const POST = route(
  { body: memberCreateSchema, privilege: "members_manage", status: 201 },
  ({ db, session, body }) => createMember(db, session, body),
);
