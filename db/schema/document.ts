import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";
import { organization } from "./organization";

/**
 * How an organization writes the numbers of one series of documents (quote,
 * invoice, credit note): a format such as `Q-{YYYY}-{0000}` (lib/schemas/document-number.ts).
 * A series without a row writes its default format.
 */
export const documentSeries = pgTable(
  "document_series",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    series: text("series").notNull(),
    format: text("format").notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ name: "document_series_pk", columns: [t.organizationId, t.series] })],
);

/**
 * The next number of a series, gapless (ARCHITECTURE.md §8a): taken by the
 * transaction that issues the document, which holds this row locked until it
 * commits, so a rolled-back issue gives its number back. Never a sequence, which
 * leaves gaps. A format that names the year restarts each year: its period is
 * the year ("2027"); otherwise the period is "".
 */
export const documentCounter = pgTable(
  "document_counter",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    series: text("series").notNull(),
    period: text("period").notNull(),
    next: integer("next").notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ name: "document_counter_pk", columns: [t.organizationId, t.series, t.period] })],
);

/**
 * A customer's link to one document (a quote, an invoice) that opens without
 * logging in. Only the SHA-256 of its random token is kept. It ends when revoked
 * or at `expires_at`. `document_id` names a row of the table `kind` names, so no
 * foreign key: the document's own service revokes its links.
 */
export const publicLink = pgTable(
  "public_link",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    documentId: uuid("document_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    // Written at most once a minute, as a calendar feed's last fetch is.
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // Found by its token before the organization is known. Not unique: a unique index
    // would have to include organization_id once sharded, and 256 random bits do not collide.
    index("public_link_token_idx").on(t.tokenHash),
    index("public_link_document_idx").on(t.organizationId, t.kind, t.documentId),
  ],
);
