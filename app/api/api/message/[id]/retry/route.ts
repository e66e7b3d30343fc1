import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { retryMessage } from "@/lib/services/messaging/message";

// POST /api/api/message/{id}/retry — send a failed outgoing message again
export const POST = route({ params: idParams("Message") }, ({ db, session, params }) => retryMessage(db, session, params.id));
