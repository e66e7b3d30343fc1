import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { customerConsent } from "@/lib/services/customer-consent";

// GET /api/api/customer/{id}/consent — whether automated emails may go to the customer, and whether each of its numbers opted out of texts
export const GET = route({ params: idParams("Customer") }, ({ db, session, params }) => customerConsent(db, session, params.id));
