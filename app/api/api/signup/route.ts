import { signupSchema } from "@/lib/schemas/auth";
import { publicRoute } from "@/lib/server/route";
import { signUp } from "@/lib/services/signup";

// POST /api/api/signup — create an organization and its first member, then sign in
export const POST = publicRoute({ body: signupSchema, status: 201 }, async ({ db, req, body, headers }) => {
  const { cookie, view } = await signUp(db, req, body);
  headers.append("Set-Cookie", cookie);
  return view;
});
