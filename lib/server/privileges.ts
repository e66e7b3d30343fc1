import "server-only";
import type { Privilege } from "@/lib/schemas/constants";
import { forbidden } from "./errors";
import { hasPrivilege } from "./route";
import type { SessionContext } from "./session";

/** Members may only hand out (or take away) privileges they hold themselves. */
export function assertGrantable(session: SessionContext, privileges: readonly Privilege[]) {
  const missing = privileges.filter((privilege) => !hasPrivilege(session, privilege));
  if (missing.length > 0) {
    throw forbidden(`You cannot grant or revoke privileges you do not hold: ${missing.join(", ")}`);
  }
}

export function privilegeDifference(before: readonly Privilege[], after: readonly Privilege[]): Privilege[] {
  return [...after.filter((p) => !before.includes(p)), ...before.filter((p) => !after.includes(p))];
}
