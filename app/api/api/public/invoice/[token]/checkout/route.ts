import { publicDocumentRoute } from "@/lib/server/public-route";
import { startCheckout } from "@/lib/services/stripe/checkout";

// POST /api/api/public/invoice/{token}/checkout — a Stripe Checkout Session for what is due on the invoice; answers its URL to send the customer to
export const POST = publicDocumentRoute("invoice", { status: 201 }, ({ db, req, token, document, answerIn }) => startCheckout(db, req, token, document, answerIn));
