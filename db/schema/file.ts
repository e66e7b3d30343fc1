import { sql } from "drizzle-orm";
import { bigint, boolean, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { id, sameOrganization, timestamps } from "./columns";
import { member } from "./member";
import { organization } from "./organization";

// Files belong to the organization; who may see one follows where it is used
// (lib/services/file-visibility.ts).
export const file = pgTable(
  "file",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    mimetype: text("mimetype").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    removed: boolean("removed").notNull().default(false),
    uploadedBy: uuid("uploaded_by"),
    ...timestamps,
  },
  (t) => [
    sameOrganization("file_uploaded_by_fk", t.organizationId, t.uploadedBy, member),
    index("file_org_created_idx").on(t.organizationId, t.createdAt),
    // Usage and quota sum the sizes of the files still kept.
    index("file_org_kept_idx").on(t.organizationId, t.mimetype, t.size).where(sql`not ${t.removed}`),
  ],
);
