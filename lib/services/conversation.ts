import "server-only";
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { conversation, conversationRead } from "@/db/schema/conversation";
import { customer } from "@/db/schema/customer";
import { organization } from "@/db/schema/organization";
import type { ConversationSource } from "@/lib/schemas/channels";
import { conversationReference } from "@/lib/schemas/conversation";
import type { conversationListQuerySchema, conversationUpdateSchema } from "@/lib/schemas/conversation";
import type { Sharing } from "@/lib/schemas/sharing";
import type { z } from "@/lib/schemas/z";
import { badRequest, conflict, forbidden, missingPrivilege, notFound } from "@/lib/server/errors";
import { creationChanges, recordHistory } from "@/lib/server/history";
import { hasPrivilege } from "@/lib/server/privileges";
import { changeSet, getItem, listResponse, mustBeActive, requireReference, updateItem } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { conversationAccess, conversationEntity, type ConversationRow } from "@/lib/entities/conversation";
import { customerEntity } from "@/lib/entities/customer";
import type { ConversationStatus } from "@/lib/schemas/lists";

/**
 * Where a customer's conversations live: the customer's location and sharing, read
 * with the customer's row locked against a concurrent change of either, which
 * waits for this transaction and then moves what it wrote (followCustomer).
 */
async function customerScope(tx: Db, organizationId: string, customerId: string) {
  const [found] = await tx
    .select({ locationId: customer.locationId, sharing: customer.sharing })
    .from(customer)
    .where(and(eq(customer.id, customerId), eq(customer.organizationId, organizationId)))
    .for("share");
  if (!found) throw badRequest([{ path: "customer", message: "errors.reference.customerUnknown" }]);
  return found;
}

/**
 * A customer's new location or sharing reaches its conversations, in the
 * customer's change's transaction.
 */
export async function followCustomer(tx: Db, changed: { id: string; organizationId: string; locationId: string | null; sharing: Sharing }) {
  await tx
    .update(conversation)
    .set({ locationId: changed.locationId, sharing: changed.sharing })
    .where(and(eq(conversation.organizationId, changed.organizationId), eq(conversation.customerId, changed.id)));
}

/**
 * What the session's member has unread in a conversation (locked by the caller):
 * 0 reads it all; 1 makes it unread again, its latest message, unless something
 * is unread already. Nobody else's count changes.
 */
async function setUnread(tx: Db, session: SessionContext, row: ConversationRow, unread: 0 | 1) {
  // Without a row the member has read nothing (0).
  const read = unread === 0 ? row.unread : Math.min(0, row.unread - 1);
  await tx
    .insert(conversationRead)
    .values({ organizationId: row.organizationId, conversationId: row.id, memberId: session.memberId, read })
    .onConflictDoUpdate({
      target: [conversationRead.organizationId, conversationRead.memberId, conversationRead.conversationId],
      set: { read: unread === 0 ? row.unread : sql`least(${conversationRead.read}, ${row.unread - 1})`, updatedAt: new Date() },
    });
}

/** The one text a conversation is searched by: its reference, title and customer's name. */
export const conversationSearch = (reference: number, title: string, customerName: string | null) =>
  [conversationReference(reference), title, customerName].filter(Boolean).join(" ");

export function listConversations(db: Db, session: SessionContext, query: z.output<typeof conversationListQuerySchema>) {
  return listResponse(db, session, conversationEntity, query, [
    query.customer ? inArray(conversation.customerId, query.customer) : undefined,
    query.unread === undefined ? undefined : query.unread ? gt(conversation.unread, 0) : eq(conversation.unread, 0),
  ]);
}

export const getConversation = (db: Db, session: SessionContext, id: string) =>
  getItem(db, session, conversationEntity, id);

/**
 * A conversation the session can see, locked for the rest of the transaction
 * (a message and a status change of the same conversation wait for each other).
 */
export async function lockedConversation(tx: Db, session: SessionContext, id: string): Promise<ConversationRow> {
  const [row] = await tx
    .select()
    .from(conversation)
    .where(and(eq(conversation.id, id), eq(conversation.organizationId, session.organizationId)))
    .for("update");
  if (!row || conversationAccess(row, session) === "none") {
    throw notFound(conversationEntity.resource);
  }
  return row;
}

/** Why a conversation takes no new messages, or null when it does. */
export function refusesMessages(row: Pick<ConversationRow, "status" | "reference">): string | null {
  const name = conversationReference(row.reference);
  if (row.status === "closed") return `Conversation ${name} is closed: re-open it to write in it`;
  if (row.status === "removed") return `Conversation ${name} has been removed: restore it from its details to write in it`;
  return null;
}

/** A customer a conversation may be linked to: one the session sees, and active. */
export const requireConversationCustomer = (db: Db, session: SessionContext, id: string, path = "customer") =>
  requireReference(db, session, customerEntity, id, {
    path,
    unknown: "errors.reference.customerUnknown",
    refuse: mustBeActive("errors.reference.customerRemoved"),
  });

/** Fields that only members with customers_manage (and edit access) may change; status counts when it enters or leaves removed. */
const DETAILS = ["title", "customer", "sharing"] as const;

function touchesDetails(changes: Record<string, unknown>, from: ConversationStatus, to: ConversationStatus | undefined) {
  return DETAILS.some((field) => field in changes) || (to !== undefined && (to === "removed" || from === "removed"));
}

/**
 * Spec §4: marking read or unread (for oneself) and closing or re-opening are open
 * to every member who sees the conversation; title, customer, sharing and removing
 * or restoring need customers_manage and edit access (ARCHITECTURE.md §4). A
 * removed conversation comes back as active; closing it as it is would make a
 * closed conversation nobody has re-opened. Linked to a customer, a conversation
 * moves where the customer lives and is shared as it is; its own sharing is then
 * the customer's to change.
 */
export async function updateConversation(
  db: Db,
  session: SessionContext,
  id: string,
  patch: z.output<typeof conversationUpdateSchema>,
) {
  const view = await updateItem(db, session, conversationEntity, id, patch, {
    authorize(row, level) {
      const { changes } = changeSet(conversationEntity.fields, row, patch);
      const to = "status" in changes ? patch.status : undefined;
      if (row.status === "removed" && to === "closed") {
        throw conflict("errors.conversation.removedClose", { reference: conversationReference(row.reference) });
      }
      if (!touchesDetails(changes, row.status, to)) return;
      if (level !== "edit") throw forbidden();
      if (!hasPrivilege(session, "customers_manage")) throw missingPrivilege("customers_manage");
    },
    async prepare(tx, row) {
      if (patch.unread !== undefined) await setUnread(tx, session, row, patch.unread);
      const linked = patch.customer === undefined ? row.customerId : patch.customer;
      if (linked && patch.sharing) {
        throw badRequest([{ path: "sharing", message: "errors.conversation.sharing" }]);
      }
      if (!patch.customer || patch.customer === row.customerId) return;
      await requireConversationCustomer(tx, session, patch.customer);
      const scope = await customerScope(tx, session.organizationId, patch.customer);
      return { patch: { location: scope.locationId, sharing: scope.sharing } };
    },
    async after(tx, before, after) {
      if (before.title !== after.title || before.customerId !== after.customerId) await refreshSearch(tx, after);
    },
  });
  return { reference: view.reference };
}

async function refreshSearch(tx: Db, row: ConversationRow) {
  const [linked] = row.customerId
    ? await tx.select({ name: customer.name }).from(customer).where(and(eq(customer.id, row.customerId), eq(customer.organizationId, row.organizationId)))
    : [];
  await tx
    .update(conversation)
    .set({ search: conversationSearch(row.reference, row.title, linked?.name ?? null) })
    .where(eq(conversation.id, row.id));
}

/**
 * A customer's new name in the search text of its conversations, in the rename's
 * transaction; the same text `conversationSearch` builds, computed in one statement.
 */
export async function renameConversationCustomer(tx: Db, renamed: { id: string; organizationId: string; name: string }) {
  await tx
    .update(conversation)
    .set({
      search: sql`concat_ws(' ', 'C-' || ${conversation.reference}, nullif(${conversation.title}, ''), nullif(${renamed.name}, ''))`,
    })
    .where(and(eq(conversation.organizationId, renamed.organizationId), eq(conversation.customerId, renamed.id)));
}

/** The same, for many renamed customers at once (an import), in one statement. */
export async function renameConversationCustomers(tx: Db, organizationId: string, customerIds: string[]) {
  if (customerIds.length === 0) return;
  await tx.execute(sql`
    update ${conversation} set search = concat_ws(' ', 'C-' || ${conversation.reference}, nullif(${conversation.title}, ''), nullif(${customer.name}, ''))
    from ${customer}
    where ${conversation.organizationId} = ${organizationId} and ${conversation.customerId} = ${customer.id}
      and ${customer.id} in ${customerIds}`);
}

export type ConversationStart = {
  organizationId: string;
  /**
   * Where a conversation without a customer lives: where it arrived (the writer's
   * location; organization level for a stranger's message). One with a customer
   * lives where the customer does, shared as it is (conversationScope).
   */
  locationId: string | null;
  /** Who started it; null when an inbound message did. */
  memberId: string | null;
  title: string;
  customer: { id: string; name: string } | null;
  sources: ConversationSource[];
};

/**
 * Opens a conversation with the organization's next reference, and its history
 * entry. Call inside the transaction that adds its first message: the
 * organization row is locked until then, so references never repeat.
 */
export async function startConversation(tx: Db, start: ConversationStart): Promise<ConversationRow> {
  const [next] = await tx
    .update(organization)
    .set({ conversationReference: sql`${organization.conversationReference} + 1` })
    .where(eq(organization.id, start.organizationId))
    .returning({ reference: organization.conversationReference });
  const scope = start.customer ? await customerScope(tx, start.organizationId, start.customer.id) : { locationId: start.locationId };
  const [row] = await tx
    .insert(conversation)
    .values({
      organizationId: start.organizationId,
      reference: next.reference,
      title: start.title,
      customerId: start.customer?.id ?? null,
      sources: start.sources,
      search: conversationSearch(next.reference, start.title, start.customer?.name ?? null),
      ...scope,
    })
    .returning();
  await recordHistory(tx, {
    organizationId: start.organizationId,
    entityType: conversationEntity.type,
    entityId: row.id,
    memberId: start.memberId,
    action: "created",
    changes: creationChanges({
      reference: conversationReference(row.reference),
      title: row.title,
      customer: row.customerId ?? undefined,
    }),
  });
  return row;
}
