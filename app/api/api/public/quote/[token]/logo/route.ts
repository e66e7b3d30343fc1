import { publicDocumentRoute } from "@/lib/server/public-route";
import { publicQuoteLogo } from "@/lib/services/quote-public/logo";

// GET /api/api/public/quote/{token}/logo — the business's logo on the quote's page, and no other file
export const GET = publicDocumentRoute("quote", {}, ({ db, document, actor }) => publicQuoteLogo(db, document, actor));
