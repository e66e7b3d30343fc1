import { receivablesQuerySchema } from "@/lib/schemas/dashboard";
import { route } from "@/lib/server/route";
import { agedReceivables } from "@/lib/services/invoice-figures";

// GET /api/api/dashboard/receivables — what each customer owes, by days past the due date (current, 1–30, 31–60, 61–90, over 90)
export const GET = route({ query: receivablesQuerySchema }, ({ db, session }) => agedReceivables(db, session));
