import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { location } from "@/db/schema/organization";
import { businessDetailsAt, type BusinessDetails } from "@/lib/schemas/business";

/** The business details a location's documents and messages state: its own where it has them, else the organization's (already read). */
export async function businessAtLocation(db: Db, org: { id: string; business: BusinessDetails }, locationId: string | null): Promise<BusinessDetails> {
  const [at] = locationId
    ? await db
        .select({ business: location.business })
        .from(location)
        .where(and(eq(location.organizationId, org.id), eq(location.id, locationId)))
    : [];
  return businessDetailsAt(org.business, at?.business);
}
