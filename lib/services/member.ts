import "server-only";
import { and, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "@/db/client";
import { session as sessionTable } from "@/db/schema/auth";
import { member, role } from "@/db/schema/member";
import type { z } from "@/lib/schemas/z";
import { OWN_PROFILE_FIELDS, PROOF_FIELDS, type memberCreateSchema, type memberUpdateSchema } from "@/lib/schemas/member";
import { keepAnAdmin } from "@/lib/server/admins";
import { conflict, forbidden, isUniqueViolation, missingPrivilege } from "@/lib/server/errors";
import { hashSecret } from "@/lib/server/hash";
import { spendCode } from "@/lib/server/one-time-code";
import { assertGrantable, hasPrivilege } from "@/lib/server/privileges";
import { createItem, getItem, listResponse, mustBeActive, requireReference, updateItem, type ListQuery } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { locationEntity } from "@/lib/entities/location";
import { memberEntity } from "@/lib/entities/member";
import { roleEntity } from "@/lib/entities/role";
import { assertImageFile } from "./file";
import { mailNewInvitation, newInvitation, NO_INVITATION, type NewInvitation } from "./invitation";
import { proveOwnChange, sendEmailChangedNotice } from "./member-proof";

const duplicateEmail = () => conflict("errors.member.emailTaken");

/** A role that can be given: visible, active, and holding nothing the giver lacks. */
async function assignableRole(db: Db, session: SessionContext, roleId: string) {
  const found = await requireReference(db, session, roleEntity, roleId, {
    path: "role",
    unknown: "errors.reference.roleUnknown",
    refuse: mustBeActive("errors.reference.roleRemoved"),
  });
  assertGrantable(session, found.privileges);
  return found;
}

const UNKNOWN_LOCATION = "errors.location.unknown";

const assertActiveLocation = (db: Db, session: SessionContext, locationId: string) =>
  requireReference(db, session, locationEntity, locationId, {
    path: "location",
    unknown: UNKNOWN_LOCATION,
    refuse: mustBeActive(UNKNOWN_LOCATION),
  });

export function listMembers(db: Db, session: SessionContext, query: ListQuery & { role?: string[] }) {
  return listResponse(db, session, memberEntity, query, [query.role ? inArray(member.roleId, query.role) : undefined]);
}

export const getMember = (db: Db, session: SessionContext, id: string) => getItem(db, session, memberEntity, id);

/**
 * Creates a member and emails them an invitation to set their own password; they
 * show as invited until they do, or until a password is set for them (PATCH).
 */
export async function createMember(db: Db, session: SessionContext, input: z.output<typeof memberCreateSchema>) {
  await assignableRole(db, session, input.role);
  const { token, ...invitation } = newInvitation();
  let view;
  try {
    const values = { name: input.name, email: input.email, roleId: input.role, ...invitation };
    view = await createItem(db, session, memberEntity, values, { location: input.location });
  } catch (error) {
    throw isUniqueViolation(error) ? duplicateEmail() : error;
  }
  await mailNewInvitation(db, session, view.id, { token, ...invitation });
  return view;
}

export async function updateMember(
  db: Db,
  session: SessionContext,
  id: string,
  input: z.output<typeof memberUpdateSchema>,
) {
  const self = id === session.memberId;
  const ownFields: readonly string[] = [...OWN_PROFILE_FIELDS, ...PROOF_FIELDS];
  const managed = Object.keys(input).filter((field) => !ownFields.includes(field));
  if ((!self || managed.length > 0) && !hasPrivilege(session, "members_manage")) throw missingPrivilege("members_manage");
  if (input.role) await assignableRole(db, session, input.role);
  // Tying members to locations is a boundary (ARCHITECTURE.md §4): only changed from organization level.
  if (input.location !== undefined && session.locationId !== null) {
    throw forbidden("errors.member.locationAtOrganization");
  }
  if (input.location) await assertActiveLocation(db, session, input.location);
  if (input.image) await assertImageFile(db, session, input.image, "image");
  // Managing another member's password or email needs members_manage, not that member's password.
  const { codeId } = self ? await proveOwnChange(db, session, input) : { codeId: undefined };
  const { role: roleId, location: locationId, password, current_password: _proof, code: _code, ...rest } = input;
  const patch: Record<string, unknown> = { ...rest, role: roleId, location: locationId };
  if (password !== undefined) patch.password = password === null ? null : await hashSecret(password);
  let emailChange: { from: string; to: string } | undefined;
  let invitationSettled = false;
  let reinvite: NewInvitation | undefined;

  try {
    const view = await updateItem(db, session, memberEntity, id, patch, {
      async check(tx, row, changes) {
        if (codeId) await spendCode(tx, codeId, "code");
        // The member's current role counts even when the session's location cannot see it.
        if (!self) assertGrantable(session, await rolePrivileges(tx, row.roleId));
        if (changes.status || changes.role) {
          const wasAdmin = row.status === "active" && (await roleHoldsAdmin(tx, row.roleId));
          const isAdmin = (input.status ?? row.status) === "active" && (await roleHoldsAdmin(tx, roleId ?? row.roleId));
          if (wasAdmin && !isAdmin) {
            await keepAnAdmin(tx, session.organizationId, { memberId: row.id }, "errors.role.lastAdmin");
          }
        }
      },
      async after(tx, before, after) {
        // Removal, a new password or a new email ends the member's sessions (but not the one making the change).
        if (after.email !== before.email) emailChange = { from: before.email, to: after.email };
        if (after.status === "removed" || before.passwordHash !== after.passwordHash || emailChange) {
          await tx
            .delete(sessionTable)
            .where(and(eq(sessionTable.memberId, after.id), ne(sessionTable.id, session.sessionId)));
        }
        // Removal revokes a pending invitation, and a password set for the member settles it.
        if (after.invitationHash !== null && (after.status === "removed" || after.passwordHash !== null)) {
          await tx.update(member).set(NO_INVITATION).where(eq(member.id, after.id));
          invitationSettled = true;
        } else if (after.invitationHash !== null && emailChange) {
          // The link went to the old address: the new one gets its own, and the old one stops working.
          reinvite = newInvitation();
          const { token: _token, ...columns } = reinvite;
          await tx.update(member).set(columns).where(eq(member.id, after.id));
        }
        // A member moved to a location works there from the next request on.
        if (after.locationId !== null && before.locationId !== after.locationId) {
          await tx.update(sessionTable).set({ locationId: after.locationId }).where(eq(sessionTable.memberId, after.id));
        }
      },
    });
    if (emailChange) await sendEmailChangedNotice(db, id, emailChange.from, emailChange.to);
    if (reinvite) {
      await mailNewInvitation(db, session, id, reinvite);
      return { ...view, invitation_expires: reinvite.invitationExpiresAt };
    }
    return invitationSettled ? { ...view, invitation_expires: null } : view;
  } catch (error) {
    throw isUniqueViolation(error) ? duplicateEmail() : error;
  }
}

async function rolePrivileges(tx: Db, roleId: string) {
  const [row] = await tx.select({ privileges: role.privileges }).from(role).where(eq(role.id, roleId));
  return row?.privileges ?? [];
}

async function roleHoldsAdmin(tx: Db, roleId: string) {
  return (await rolePrivileges(tx, roleId)).includes("admin");
}
