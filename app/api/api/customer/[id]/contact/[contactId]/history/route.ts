import { z } from "@/lib/schemas/z";
import { pathId } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { contactHistory } from "@/lib/services/contact";

const params = z.object({ id: pathId("Customer"), contactId: pathId("Contact") });

// GET /api/api/customer/{id}/contact/{contactId}/history — who changed what on a contact, newest first
export const GET = route({ params }, ({ db, session, params }) => contactHistory(db, session, params.id, params.contactId));
