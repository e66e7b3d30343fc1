import { quoteAnswerSchema } from "@/lib/schemas/quote-public";
import { publicDocumentRoute } from "@/lib/server/public-route";
import { answerPublicQuote } from "@/lib/services/quote-public/answer";
import { openPublicQuote, publicQuoteLanguage, publicQuoteView } from "@/lib/services/quote-public/view";

// GET /api/api/public/quote/{token} — the quote's last sent revision as the customer reads it, its totals, and what they may answer; the first opening marks it viewed
export const GET = publicDocumentRoute("quote", {}, async ({ db, document, actor }) => publicQuoteView(await openPublicQuote(db, document, actor)));

// POST /api/api/public/quote/{token} — the customer approves (with an option, optional lines, name and signature), declines or requests changes
// answers the quote as the page now shows it
export const POST = publicDocumentRoute("quote", { body: quoteAnswerSchema }, async ({ db, document, body, actor, answerIn }) => {
  // A refusal (answered, expired, revised) reads in the quote's language, as the page does.
  answerIn(await publicQuoteLanguage(db, document));
  await answerPublicQuote(db, document, body, actor);
  return publicQuoteView(await openPublicQuote(db, document, actor));
});
