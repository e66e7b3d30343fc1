import { messageCreateSchema, messageListQuerySchema } from "@/lib/schemas/message";
import { route } from "@/lib/server/route";
import { listMessages, maxMessageBodyBytes, messageFromForm, writeMessage } from "@/lib/services/messaging/message";

// GET /api/api/message?conversation=<id>&limit=1000 — a conversation's messages, oldest first
export const GET = route({ query: messageListQuerySchema }, ({ db, session, query }) => listMessages(db, session, query));

// POST /api/api/message — write a message (JSON, or multipart with attachments); to a customer it starts a conversation
export const POST = route(
  { body: messageCreateSchema, form: maxMessageBodyBytes, status: 201 },
  ({ db, session, body, form }) => writeMessage(db, session, form ? messageFromForm(form) : { input: body, uploads: [] }),
);
