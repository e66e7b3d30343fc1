import { invitationAcceptSchema } from "@/lib/schemas/auth";
import { z } from "@/lib/schemas/z";
import { pathToken } from "@/lib/server/params";
import { publicRoute } from "@/lib/server/route";
import { acceptInvitation, getInvitation } from "@/lib/services/invitation";

const params = z.object({ token: pathToken("Invitation") });

// GET /api/api/invitation/{token} — who an emailed invitation is for, to which organization, until when
export const GET = publicRoute({ params }, ({ db, ip, params }) => getInvitation(db, ip, params.token));

// POST /api/api/invitation/{token} — set the invited member's password and sign in
export const POST = publicRoute({ params, body: invitationAcceptSchema }, async ({ db, req, ip, params, body, headers }) => {
  const { cookie, view } = await acceptInvitation(db, req, ip, params.token, body);
  headers.append("Set-Cookie", cookie);
  return view;
});
