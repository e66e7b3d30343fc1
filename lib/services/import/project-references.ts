import "server-only";
import { and, eq, inArray, or } from "drizzle-orm";
import type { Db } from "@/db/client";
import { customer } from "@/db/schema/customer";
import { member } from "@/db/schema/member";
import { projectType } from "@/db/schema/project";
import { accessLevel } from "@/lib/server/access";
import type { SessionContext } from "@/lib/server/session";
import { chunks } from "./bulk-create";

export type ProjectTypeRow = typeof projectType.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (text: string) => UUID.test(text);

/** Looks a reference up by id, or by a second key (name, email) when it is unique. */
export type Lookup<T> = (text: string) => { found: T } | { error: "missing" | "ambiguous"; count?: number };

function lookup<T extends { id: string }>(items: T[], key: (item: T) => string | null): Lookup<T> {
  const byId = new Map(items.map((item) => [item.id, item]));
  const byKey = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item)?.toLowerCase();
    if (k) byKey.set(k, [...(byKey.get(k) ?? []), item]);
  }
  return (text) => {
    const direct = isUuid(text) ? byId.get(text.toLowerCase()) : undefined;
    if (direct) return { found: direct };
    const named = byKey.get(text.toLowerCase()) ?? [];
    if (named.length === 1) return { found: named[0] };
    return named.length > 1 ? { error: "ambiguous", count: named.length } : { error: "missing" };
  };
}

/**
 * What project rows may refer to, loaded once per import: the project types the
 * session can see (share-locked, so none loses a status or field meanwhile), the
 * organization's active members, and the visible customers the rows name.
 */
export async function projectReferences(tx: Db, session: SessionContext, customerRefs: string[]) {
  const types = (
    await tx.select().from(projectType).where(eq(projectType.organizationId, session.organizationId)).for("share")
  ).filter((row) => accessLevel(row, session) !== "none");
  const members = await tx
    .select({ id: member.id, email: member.email })
    .from(member)
    .where(and(eq(member.organizationId, session.organizationId), eq(member.status, "active")));
  const customers = new Map<string, { id: string; email: string | null }>();
  const ids = [...new Set(customerRefs.filter(isUuid).map((ref) => ref.toLowerCase()))];
  const emails = [...new Set(customerRefs.filter((ref) => !isUuid(ref)).map((ref) => ref.toLowerCase()))];
  for (const batch of chunks([...ids.map((id) => ({ id })), ...emails.map((email) => ({ email }))])) {
    const batchIds = batch.flatMap((ref) => ("id" in ref ? [ref.id] : []));
    const batchEmails = batch.flatMap((ref) => ("email" in ref ? [ref.email] : []));
    const rows = await tx
      .select()
      .from(customer)
      .where(
        and(
          eq(customer.organizationId, session.organizationId),
          or(
            batchIds.length ? inArray(customer.id, batchIds) : undefined,
            batchEmails.length ? inArray(customer.email, batchEmails) : undefined,
          ),
        ),
      );
    for (const row of rows) {
      if (accessLevel(row, session) !== "none") customers.set(row.id, row);
    }
  }
  return {
    type: lookup(types, (row) => row.name),
    owner: lookup(members, (row) => row.email),
    customer: lookup([...customers.values()], (row) => row.email),
  };
}
