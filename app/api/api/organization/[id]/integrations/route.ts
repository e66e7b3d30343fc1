import { idParams } from "@/lib/server/params";
import { requestOrigin } from "@/lib/server/request-info";
import { route } from "@/lib/server/route";
import { getIntegrations } from "@/lib/services/integrations";

// GET /api/api/organization/{id}/integrations — which mailbox providers this server can connect, and Twilio's webhook addresses
export const GET = route({ params: idParams("Organization"), privilege: "admin" }, ({ req, db, session, params }) =>
  getIntegrations(db, session, params.id, requestOrigin(req)),
);
