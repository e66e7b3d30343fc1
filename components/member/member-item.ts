import type { memberView } from "@/lib/entities/member";
import type { Jsonify } from "@/lib/schemas/jsonify";

/** A member as GET /member and GET /member/{id} answer it. */
export type MemberItem = Jsonify<ReturnType<typeof memberView>>;

/** A member as people read them: the name, else the email address. */
export const memberName = (member: Pick<MemberItem, "name" | "email">) => member.name || member.email;

/** Whether a member is invited and has not accepted yet, and whether the link still works. */
export function invitationState(item: Pick<MemberItem, "status" | "invitation_expires">, now = Date.now()) {
  if (item.status !== "active" || !item.invitation_expires) return null;
  return new Date(item.invitation_expires).getTime() > now ? "invited" : "expired";
}

/** The status a member's name is shown with: invited until they set a password, like removed. */
export function memberStatus(item: Pick<MemberItem, "status" | "invitation_expires">) {
  const invitation = invitationState(item);
  return invitation === "invited" ? "invited" : invitation === "expired" ? "invitation expired" : item.status;
}
