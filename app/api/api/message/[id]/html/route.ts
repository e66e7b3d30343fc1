import { messageHtmlQuerySchema } from "@/lib/schemas/message";
import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { messageHtmlPage } from "@/lib/services/messaging/message";

// GET /api/api/message/{id}/html — an inbound email's HTML as a page for its frame
export const GET = route({ params: idParams("Message"), query: messageHtmlQuerySchema }, ({ db, session, params, query }) =>
  messageHtmlPage(db, session, params.id, query.remote_images),
);
