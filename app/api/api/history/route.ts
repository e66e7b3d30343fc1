import { historyQuerySchema } from "@/lib/schemas/history";
import { route } from "@/lib/server/route";
import { listHistory } from "@/lib/services/history";

// GET /api/api/history?type=<entity>&id=<uuid> — who changed what on an item, newest first
export const GET = route({ query: historyQuerySchema }, ({ db, session, query }) => listHistory(db, session, query));
