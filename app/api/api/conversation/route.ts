import { conversationListQuerySchema } from "@/lib/schemas/conversation";
import { route } from "@/lib/server/route";
import { listConversations } from "@/lib/services/conversation";

// GET /api/api/conversation — list conversations
export const GET = route({ query: conversationListQuerySchema }, ({ db, session, query }) => listConversations(db, session, query));
