import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { syncNow } from "@/lib/services/messaging/mailbox/connection";

// POST /api/api/organization/{id}/mailbox/sync — Sync now: reads the connected mailbox in the background
export const POST = route({ params: idParams("Organization"), privilege: "admin" }, ({ db, session, params }) =>
  syncNow(db, session, params.id),
);
