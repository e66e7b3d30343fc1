import "server-only";
import type { Privilege } from "@/lib/schemas/constants";
import type { Sharing, SharingLevel } from "@/lib/schemas/sharing";
import { levelAt } from "@/lib/schemas/sharing-level";
import { notFound } from "./errors";
import type { SessionContext } from "./session";

export type Scoped = { organizationId: string; locationId: string | null; sharing: Sharing };

/** The level a session has on an item of its organization (ARCHITECTURE.md §4). */
export function accessLevel(item: Scoped, session: Pick<SessionContext, "organizationId" | "locationId">): SharingLevel {
  if (item.organizationId !== session.organizationId) return "none";
  return levelAt(session.locationId, { location: item.locationId, sharing: item.sharing });
}

/**
 * A member without a location may work at organization level or at any active
 * location; a member tied to a location stays there unless they hold admin.
 */
export function mayWorkAnywhere(memberLocationId: string | null, privileges: readonly Privilege[]): boolean {
  return memberLocationId === null || privileges.includes("admin");
}

/** 404 for what the session must not know exists. */
export function assertVisible<T extends Scoped>(item: T | undefined, session: SessionContext, resource: string): T {
  if (!item || accessLevel(item, session) === "none") throw notFound(resource);
  return item;
}
