import { recoveryRequestSchema } from "@/lib/schemas/auth";
import { publicRoute } from "@/lib/server/route";
import { requestRecoveryCode } from "@/lib/services/recovery";

// POST /api/api/otp/recovery — email a one-time code to set a new password (the same answer whether or not an account uses the address)
export const POST = publicRoute({ body: recoveryRequestSchema }, ({ db, ip, body }) =>
  requestRecoveryCode(db, ip, body),
);
