import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { inviteMember } from "@/lib/services/invitation";

// POST /api/api/member/{id}/invitation — email a member a new invitation to set a password (the previous link stops working)
export const POST = route({ params: idParams("Member"), privilege: "members_manage" }, ({ db, session, params }) =>
  inviteMember(db, session, params.id),
);
