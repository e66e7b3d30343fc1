import "server-only";
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { conversation } from "@/db/schema/conversation";
import { customer } from "@/db/schema/customer";
import { organization } from "@/db/schema/organization";
import { conversationReference, type ConversationSource } from "@/lib/schemas/conversation";
import type { conversationListQuerySchema, conversationUpdateSchema } from "@/lib/schemas/conversation";
import type { z } from "@/lib/schemas/z";
import { accessLevel } from "@/lib/server/access";
import { conflict, forbidden, missingPrivilege, notFound } from "@/lib/server/errors";
import { creationChanges, recordHistory } from "@/lib/server/history";
import { hasPrivilege } from "@/lib/server/privileges";
import { caseless, changeSet, getItem, listResponse, mustBeActive, requireReference, updateItem, type ScopedEntity } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { customerEntity } from "./customer";
import type { ConversationStatus } from "@/lib/schemas/lists";

export type ConversationRow = typeof conversation.$inferSelect;

export function conversationView(row: ConversationRow) {
  return {
    id: row.id,
    reference: conversationReference(row.reference),
    title: row.title,
    status: row.status,
    unread: row.unread,
    customer: row.customerId,
    sources: row.sources,
    last_message: row.lastMessageAt,
    location: row.locationId,
    organization: row.organizationId,
    sharing: row.sharing,
    created: row.createdAt,
    updated: row.updatedAt,
  };
}

export type ConversationView = ReturnType<typeof conversationView>;

export const conversationEntity: ScopedEntity<ConversationRow, ConversationView> = {
  type: "conversation",
  resource: "Conversation",
  table: conversation,
  columns: {
    id: conversation.id,
    organizationId: conversation.organizationId,
    location: conversation.locationId,
    sharing: conversation.sharing,
    audience: conversation.audience,
    status: conversation.status,
    search: conversation.search,
  },
  sorts: {
    created: conversation.createdAt,
    updated: conversation.updatedAt,
    name: caseless(conversation.title),
    unread: conversation.unread,
  },
  locationKey: "locationId",
  fields: {
    unread: "unread",
    status: "status",
    title: "title",
    customer: "customerId",
    sharing: "sharing",
  },
  view: conversationView,
  // As conversationReference prints it.
  viewSql: { reference: sql`'C-' || ${conversation.reference}` },
  rowLocation: (row) => row.locationId,
};

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
  if (!row || accessLevel({ organizationId: row.organizationId, locationId: row.locationId, sharing: row.sharing }, session) === "none") {
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
    unknown: "This customer does not exist",
    refuse: mustBeActive("This customer has been removed"),
  });

/** Fields that only members with customers_manage (and edit access) may change; status counts when it enters or leaves removed. */
const DETAILS = ["title", "customer", "sharing"] as const;

function touchesDetails(changes: Record<string, unknown>, from: ConversationStatus, to: ConversationStatus | undefined) {
  return DETAILS.some((field) => field in changes) || (to !== undefined && (to === "removed" || from === "removed"));
}

/**
 * Spec §4: marking read and closing or re-opening are open to every member who
 * sees the conversation; title, customer, sharing and removing or restoring need
 * customers_manage and edit access (ARCHITECTURE.md §4). A removed conversation
 * comes back as active; closing it as it is would make a closed conversation
 * nobody has re-opened.
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
        throw conflict(`Conversation ${conversationReference(row.reference)} has been removed: restore it to active, then close it`);
      }
      if (!touchesDetails(changes, row.status, to)) return;
      if (level !== "edit") throw forbidden();
      if (!hasPrivilege(session, "customers_manage")) throw missingPrivilege("customers_manage");
    },
    async prepare(tx, row) {
      if (patch.customer && patch.customer !== row.customerId) await requireConversationCustomer(tx, session, patch.customer);
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
  /** New conversations live where they started: the writer's location, or the customer's for inbound mail. */
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
  const [row] = await tx
    .insert(conversation)
    .values({
      organizationId: start.organizationId,
      reference: next.reference,
      title: start.title,
      customerId: start.customer?.id ?? null,
      sources: start.sources,
      search: conversationSearch(next.reference, start.title, start.customer?.name ?? null),
      locationId: start.locationId,
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
