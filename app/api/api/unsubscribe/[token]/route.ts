import { z } from "@/lib/schemas/z";
import { pathToken } from "@/lib/server/params";
import { publicRoute } from "@/lib/server/route";
import { UNSUBSCRIBE_TYPES, unsubscribeFromEmails, unsubscribeMaxBytes } from "@/lib/services/unsubscribe";

// POST /api/api/unsubscribe/{token} — one click from a notification or automated email (a mail client's, RFC 8058, or the page's) turns them off
export const POST = publicRoute(
  { params: z.object({ token: pathToken("Unsubscribe link") }), raw: { types: UNSUBSCRIBE_TYPES, maxBytes: unsubscribeMaxBytes } },
  ({ db, params, raw }) => unsubscribeFromEmails(db, params.token, raw),
);
