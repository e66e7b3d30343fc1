import "server-only";
import type { apiToken } from "@/db/schema/auth";

type ApiTokenRow = typeof apiToken.$inferSelect;

export const apiTokenView = (row: ApiTokenRow) => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  read_only: row.readOnly,
  created: row.createdAt,
  expires: row.expiresAt,
  last_used: row.lastUsedAt,
});
