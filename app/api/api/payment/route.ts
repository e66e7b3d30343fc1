import { paymentCreateSchema, paymentListQuerySchema } from "@/lib/schemas/invoice";
import { route } from "@/lib/server/route";
import { createPayment, listPayments } from "@/lib/services/payment";

// GET /api/api/payment — payments as their invoices are shared, by invoice or customer
export const GET = route({ query: paymentListQuerySchema }, ({ db, session, query }) => listPayments(db, session, query));

// POST /api/api/payment — record a payment of an issued invoice by hand
export const POST = route({ body: paymentCreateSchema, privilege: "invoices", status: 201 }, ({ db, session, body }) => createPayment(db, session, body));
