import { conversationUpdateSchema } from "@/lib/schemas/conversation";
import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { getConversation, updateConversation } from "@/lib/services/conversation";

// GET /api/api/conversation/{id} — one conversation
export const GET = route({ params: idParams("Conversation") }, ({ db, session, params }) => getConversation(db, session, params.id));

// PATCH /api/api/conversation/{id} — mark read, close or re-open; title, customer, sharing and removal with customers_manage
export const PATCH = route(
  { params: idParams("Conversation"), body: conversationUpdateSchema },
  ({ db, session, params, body }) => updateConversation(db, session, params.id, body),
);
