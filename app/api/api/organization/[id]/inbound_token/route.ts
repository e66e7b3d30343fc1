import { idParams } from "@/lib/server/params";
import { requestOrigin } from "@/lib/server/request-info";
import { route } from "@/lib/server/route";
import { rotateInboundToken } from "@/lib/services/organization";

// POST /api/api/organization/{id}/inbound_token — a new inbound email address; the old one stops working
export const POST = route({ params: idParams("Organization"), privilege: "admin" }, ({ req, db, session, params }) =>
  rotateInboundToken(db, session, params.id, requestOrigin(req)),
);
