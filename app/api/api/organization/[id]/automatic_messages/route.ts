import { automaticMessagesUpdateSchema } from "@/lib/schemas/automatic-messages";
import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { getAutomaticMessages, updateAutomaticMessages } from "@/lib/services/automatic-messages/view";

// GET /api/api/organization/{id}/automatic_messages — the messages that send themselves on visits: switches, texts, reminders, quiet hours
export const GET = route({ params: idParams("Organization") }, ({ db, session, params }) => getAutomaticMessages(db, session, params.id));

// PATCH /api/api/organization/{id}/automatic_messages — change any of them; a text set to null goes back to the default
export const PATCH = route({ params: idParams("Organization"), body: automaticMessagesUpdateSchema, privilege: "admin" }, ({ db, session, params, body }) =>
  updateAutomaticMessages(db, session, params.id, body),
);
