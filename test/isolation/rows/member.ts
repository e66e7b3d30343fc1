import crypto from "node:crypto";
import { GET as readInvitation, POST as acceptInvitation } from "@/app/api/api/invitation/[token]/route";
import { POST as requestMemberCode } from "@/app/api/api/member/[id]/code/route";
import { POST as sendInvitation } from "@/app/api/api/member/[id]/invitation/route";
import { call } from "@/test/api";
import { notFound, permission, UNAUTHORIZED, VIEW_ONLY_REFUSAL } from "@/test/answers";
import { lacking, refusedRead, refusedWrite, southWith, type Row } from "@/test/isolation/cases";
import { entityRows } from "@/test/isolation/entity-rows";
import { EDITABLE_EVERYWHERE, HIDDEN, ITEM_KEYS, VIEW_ONLY } from "@/test/isolation/items";

/** POST /member/{id}/code: only one's own account has a code, so every other id is a 404 that sends nothing. */
function memberCodeRow(): Row {
  const ask = (cookie: string | undefined, id: string) => call(requestMemberCode, "POST", `/member/${id}/code`, { cookie, params: { id }, body: {} });
  return {
    method: "POST",
    route: "/member/[id]/code",
    cases: {
      "no session": async (w) => refusedWrite(w, "anonymous", UNAUTHORIZED, () => ask(undefined, w.a.view.member.id as string)),
      "other organization": async (w) => {
        for (const id of [w.a.view.member.id as string, w.actors[0]!.id]) {
          await refusedWrite(w, `B's founder asks a code for ${id}`, notFound("Member"), () => ask(w.outsider.cookie, id));
        }
      },
      "location cannot see": async (w) => {
        for (const actor of w.actors) {
          await refusedWrite(w, `${actor.key} asks a code for A's founder`, notFound("Member"), () => ask(actor.cookie, w.a.view.member.id as string));
        }
      },
      "view-only": "a code exists only for one's own account, which sharing never limits (member-proof tests)",
      "missing privilege": "one's own code needs no privilege; a member with a password is told to use it instead (409, member-proof tests)",
    },
  };
}

/** POST /member/{id}/invitation: a new invitation is a change to the member, refused as any other. */
function sendInvitationRow(): Row {
  const send = (cookie: string | undefined, id: string) => call(sendInvitation, "POST", `/member/${id}/invitation`, { cookie, params: { id }, body: {} });
  return {
    method: "POST",
    route: "/member/[id]/invitation",
    cases: {
      "no session": async (w) => refusedWrite(w, "anonymous", UNAUTHORIZED, () => send(undefined, w.items.member.editDefault.id)),
      "other organization": async (w) => {
        for (const key of ITEM_KEYS) {
          await refusedWrite(w, `outsider ${key}`, notFound("Member"), () => send(w.outsider.cookie, w.items.member[key].id));
        }
      },
      "location cannot see": async (w) => {
        for (const actor of southWith(w, "members_manage")) {
          for (const key of HIDDEN) await refusedWrite(w, `${actor.key} ${key}`, notFound("Member"), () => send(actor.cookie, w.items.member[key].id));
        }
      },
      "view-only": async (w) => {
        for (const actor of southWith(w, "members_manage")) {
          for (const key of VIEW_ONLY) await refusedWrite(w, `${actor.key} ${key}`, VIEW_ONLY_REFUSAL, () => send(actor.cookie, w.items.member[key].id));
        }
      },
      "missing privilege": async (w) => {
        for (const actor of lacking(w, "members_manage")) {
          for (const key of EDITABLE_EVERYWHERE) {
            await refusedWrite(w, `${actor.key} ${key}`, permission("members_manage"), () => send(actor.cookie, w.items.member[key].id));
          }
        }
      },
    },
  };
}

/**
 * GET and POST /invitation/{token}: public, reached only by the emailed link's token,
 * which names one member; no session (of this organization or another) reaches
 * anything through a token that is not a pending invitation's.
 */
function invitationTokenRows(): Row[] {
  const unknownToken = () => crypto.randomBytes(32).toString("hex");
  const OWN_LINK = "the token alone names the one invited member; no session, location, sharing or privilege is read (invitation tests)";
  const read = (cookie: string | undefined, token: string) => call(readInvitation, "GET", `/invitation/${token}`, { cookie, params: { token } });
  const accept = (cookie: string | undefined, token: string) =>
    call(acceptInvitation, "POST", `/invitation/${token}`, { cookie, params: { token }, body: { password: "a brand new passphrase" } });
  return [
    {
      method: "GET",
      route: "/invitation/[token]",
      cases: {
        "no session": async () => refusedRead("unknown link", notFound("Invitation"), () => read(undefined, unknownToken())),
        "other organization": async (w) => refusedRead("B's founder, unknown link", notFound("Invitation"), () => read(w.outsider.cookie, unknownToken())),
        "location cannot see": OWN_LINK,
        "view-only": OWN_LINK,
        "missing privilege": OWN_LINK,
      },
    },
    {
      method: "POST",
      route: "/invitation/[token]",
      cases: {
        "no session": async (w) => refusedWrite(w, "unknown link", notFound("Invitation"), () => accept(undefined, unknownToken())),
        "other organization": async (w) => refusedWrite(w, "B's founder, unknown link", notFound("Invitation"), () => accept(w.outsider.cookie, unknownToken())),
        "location cannot see": OWN_LINK,
        "view-only": OWN_LINK,
        "missing privilege": OWN_LINK,
      },
    },
  ];
}

/** Members: the shared rows, asking for a sign-in code, and invitations. */
export const memberRows: Row[] = [...entityRows("member"), memberCodeRow(), sendInvitationRow(), ...invitationTokenRows()];
