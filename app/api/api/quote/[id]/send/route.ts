import { quoteSendSchema } from "@/lib/schemas/quote";
import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { sendQuote } from "@/lib/services/quote-send";

// POST /api/api/quote/{id}/send — number, freeze and send a quote through its customer's conversation (email with the PDF, or SMS), with a link to its page
export const POST = route({ params: idParams("Quote"), body: quoteSendSchema, privilege: "customers_manage" }, ({ db, session, params, body }) =>
  sendQuote(db, session, params.id, body),
);
