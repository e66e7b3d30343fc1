import { recoverySchema } from "@/lib/schemas/auth";
import { publicRoute } from "@/lib/server/route";
import { recoverAccount } from "@/lib/services/recovery";

// POST /api/api/session/recovery — set a new password with an emailed recovery code, end the other sessions and sign in
export const POST = publicRoute({ body: recoverySchema }, async ({ db, req, ip, body, headers }) => {
  const { cookie, view } = await recoverAccount(db, req, ip, body);
  headers.append("Set-Cookie", cookie);
  return view;
});
