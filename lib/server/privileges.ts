import "server-only";
import type { Privilege } from "@/lib/schemas/constants";
import { ApiError, missingPrivilege } from "./errors";
import type { SessionContext } from "./session";

export function hasPrivilege(session: SessionContext, privilege: Privilege): boolean {
  return session.privileges.has("admin") || session.privileges.has(privilege);
}

export function requirePrivilege(session: SessionContext, privilege: Privilege): void {
  if (!hasPrivilege(session, privilege)) throw missingPrivilege(privilege);
}

/** Members may only hand out (or take away) privileges they hold themselves. */
export function assertGrantable(session: SessionContext, privileges: readonly Privilege[]) {
  const missing = privileges.filter((privilege) => !hasPrivilege(session, privilege));
  if (missing.length > 0) {
    // `permission` names the first missing one, so the client shows Permission required like any other refusal.
    throw new ApiError(403, "errors.role.grant", { permission: missing[0] }, {}, { privileges: missing.join(", ") });
  }
}

export function privilegeDifference(before: readonly Privilege[], after: readonly Privilege[]): Privilege[] {
  return [...after.filter((p) => !before.includes(p)), ...before.filter((p) => !after.includes(p))];
}
