import { POST as requestMemberCode } from "@/app/api/api/member/[id]/code/route";
import { call } from "@/test/api";
import { notFound, UNAUTHORIZED } from "@/test/answers";
import { refusedWrite, type Row } from "@/test/isolation/cases";
import { entityRows } from "@/test/isolation/entity-rows";

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

/** Members: the shared rows, and asking for a sign-in code. */
export const memberRows: Row[] = [...entityRows("member"), memberCodeRow()];
