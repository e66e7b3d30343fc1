import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { requestMemberCode } from "@/lib/services/member-proof";

// POST /api/api/member/{id}/code — email one's own confirmation code (members without a password)
export const POST = route({ params: idParams("Member") }, ({ db, session, params }) => requestMemberCode(db, session, params.id));
