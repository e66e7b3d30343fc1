import "server-only";
import type { Db } from "@/db/client";
import type { z } from "@/lib/schemas/z";
import type { roleCreateSchema, roleUpdateSchema } from "@/lib/schemas/role";
import { keepAnAdmin } from "@/lib/server/admins";
import { assertGrantable, privilegeDifference } from "@/lib/server/privileges";
import { createItem, getItem, listResponse, updateItem, type ListQuery } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { roleEntity } from "@/lib/entities/role";

export const listRoles = (db: Db, session: SessionContext, query: ListQuery) =>
  listResponse(db, session, roleEntity, query);

export const getRole = (db: Db, session: SessionContext, id: string) => getItem(db, session, roleEntity, id);

export function createRole(db: Db, session: SessionContext, input: z.output<typeof roleCreateSchema>) {
  assertGrantable(session, input.privileges);
  return createItem(db, session, roleEntity, input);
}

export function updateRole(db: Db, session: SessionContext, id: string, patch: z.output<typeof roleUpdateSchema>) {
  return updateItem(db, session, roleEntity, id, patch, {
    async check(tx, row) {
      // A role carrying privileges the editor lacks is out of its reach altogether.
      assertGrantable(session, row.privileges);
      if (!patch.privileges) return;
      assertGrantable(session, privilegeDifference(row.privileges, patch.privileges));
      if (row.privileges.includes("admin") && !patch.privileges.includes("admin")) {
        await keepAnAdmin(tx, session.organizationId, { roleId: row.id }, "errors.role.lastAdmin");
      }
    },
  });
}
