import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { deletePayment, getPayment } from "@/lib/services/payment";

// GET /api/api/payment/{id} — one payment
export const GET = route({ params: idParams("Payment") }, ({ db, session, params }) => getPayment(db, session, params.id));

// DELETE /api/api/payment/{id} — take back a payment recorded by mistake; its invoice is as it was without it
export const DELETE = route({ params: idParams("Payment"), privilege: "invoices" }, ({ db, session, params }) => deletePayment(db, session, params.id));
