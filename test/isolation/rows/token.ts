import { expect } from "vitest";
import { DELETE as revokeToken } from "@/app/api/api/token/[id]/route";
import { GET as listTokens, POST as createToken } from "@/app/api/api/token/route";
import { expiryInDays } from "@/lib/schemas/api-token";
import { call } from "@/test/api";
import { notFound, UNAUTHORIZED } from "@/test/answers";
import { ids, refusedRead, refusedWrite, type Row } from "@/test/isolation/cases";
import { snapshot, type World } from "@/test/isolation/world";

const NO_SHARING = "API tokens belong to one member; they have no sharing level";
const NO_PRIVILEGE = "every active member manages its own API tokens; no privilege applies";
const NAMES_NOTHING = "creates a token of the caller itself; the body names no item";

/** A token of A's founder, made for the case at hand. */
async function foundersToken(w: World): Promise<string> {
  const res = await call(createToken, "POST", "/token", { cookie: w.a.cookie, body: { name: "Founder's", expires_at: expiryInDays(30) } });
  expect(res.status).toBe(201);
  return res.body.id;
}

const revoke = (cookie: string | undefined, id: string) => call(revokeToken, "DELETE", `/token/${id}`, { cookie, params: { id } });

/** A member's own API tokens: nobody else lists or revokes them, whatever its organization, location or role. */
export const tokenRows: Row[] = [
  {
    method: "GET",
    route: "/token",
    cases: {
      "no session": async () => refusedRead("anonymous", UNAUTHORIZED, () => call(listTokens, "GET", "/token")),
      "other organization": async (w) => {
        const id = await foundersToken(w);
        expect(ids(await call(listTokens, "GET", "/token", { cookie: w.outsider.cookie }))).not.toContain(id);
      },
      "location cannot see": async (w) => {
        const id = await foundersToken(w);
        for (const actor of w.actors) {
          expect(ids(await call(listTokens, "GET", "/token", { cookie: actor.cookie })), actor.key).not.toContain(id);
        }
      },
      "view-only": NO_SHARING,
      "missing privilege": NO_PRIVILEGE,
    },
  },
  {
    method: "POST",
    route: "/token",
    cases: {
      "no session": async (w) =>
        refusedWrite(w, "anonymous", UNAUTHORIZED, () =>
          call(createToken, "POST", "/token", { body: { name: "Anonymous", expires_at: expiryInDays(30) } }),
        ),
      "other organization": async (w) => {
        // The outsider's token is its own: A's rows stay as they were, and A lists nothing of it.
        const ofA = async () => (await snapshot(w)).apiToken!.filter((row) => (row as { organizationId: string }).organizationId === w.a.organizationId);
        const before = await ofA();
        const res = await call(createToken, "POST", "/token", { cookie: w.outsider.cookie, body: { name: "Outsider's", expires_at: expiryInDays(30) } });
        expect(res.status).toBe(201);
        expect(await ofA()).toEqual(before);
        expect(ids(await call(listTokens, "GET", "/token", { cookie: w.a.cookie }))).not.toContain(res.body.id);
      },
      "location cannot see": NAMES_NOTHING,
      "view-only": NO_SHARING,
      "missing privilege": NO_PRIVILEGE,
    },
  },
  {
    method: "DELETE",
    route: "/token/[id]",
    cases: {
      "no session": async (w) => {
        const id = await foundersToken(w);
        await refusedWrite(w, "anonymous", UNAUTHORIZED, () => revoke(undefined, id));
      },
      "other organization": async (w) => {
        const id = await foundersToken(w);
        await refusedWrite(w, "outsider", notFound("API token"), () => revoke(w.outsider.cookie, id));
      },
      "location cannot see": async (w) => {
        // Colleagues of every place and role, admins included, get the answer an unknown id gets.
        const id = await foundersToken(w);
        for (const actor of w.actors) await refusedWrite(w, actor.key, notFound("API token"), () => revoke(actor.cookie, id));
      },
      "view-only": NO_SHARING,
      "missing privilege": NO_PRIVILEGE,
    },
  },
];
