import { otpRequestSchema } from "@/lib/schemas/auth";
import { publicRoute } from "@/lib/server/route";
import { requestSignupCode } from "@/lib/services/signup";

// POST /api/api/otp/email — email a one-time sign-up code (or, to an existing account, a pointer to the login)
export const POST = publicRoute({ body: otpRequestSchema }, ({ db, req, ip, body }) =>
  requestSignupCode(db, req, ip, body),
);
