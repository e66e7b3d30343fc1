import { smsOptOutCreateSchema } from "@/lib/schemas/consent";
import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { recordSmsOptOut } from "@/lib/services/customer-consent";

// POST /api/api/customer/{id}/sms_opt_out — record that the customer asked not to be texted at one of its numbers; only the customer's START undoes it
export const POST = route(
  { params: idParams("Customer"), body: smsOptOutCreateSchema, privilege: "customers_manage" },
  ({ db, session, params, body }) => recordSmsOptOut(db, session, params.id, body),
);
