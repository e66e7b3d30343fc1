import { route } from "@/lib/server/route";
import { getMember } from "@/lib/services/member";

// GET /api/api/member/{id} — one member
export const GET = route({ resource: "Member" }, ({ db, session, params }) => getMember(db, session, params.id));
