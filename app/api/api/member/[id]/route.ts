import { memberUpdateSchema } from "@/lib/schemas/member";
import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { getMember, updateMember } from "@/lib/services/member";

// GET /api/api/member/{id} — one member
export const GET = route({ params: idParams("Member") }, ({ db, session, params }) => getMember(db, session, params.id));

// PATCH /api/api/member/{id} — own profile fields, or anything with members_manage
export const PATCH = route({ params: idParams("Member"), body: memberUpdateSchema }, ({ db, session, params, body }) =>
  updateMember(db, session, params.id, body),
);
