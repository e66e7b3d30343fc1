import type { organizationView } from "@/lib/entities/organization";
import type { Jsonify } from "@/lib/schemas/jsonify";

/** The organization as GET /organization/{id} answers it; mailbox tokens never leave the server. */
export type OrganizationItem = Jsonify<ReturnType<typeof organizationView>>;
