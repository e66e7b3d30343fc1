import { oauthStartSchema } from "@/lib/schemas/organization";
import { idParams } from "@/lib/server/params";
import { requestOrigin } from "@/lib/server/request-info";
import { route } from "@/lib/server/route";
import { startAuthorization } from "@/lib/services/messaging/mailbox/connection";

// POST /api/api/organization/{id}/oauth — the provider's consent URL for connecting the mailbox, its state bound to this session
export const POST = route(
  { params: idParams("Organization"), body: oauthStartSchema, privilege: "admin", browserOnly: true },
  ({ req, db, session, params, body }) => startAuthorization(db, session, params.id, body, requestOrigin(req)),
);
