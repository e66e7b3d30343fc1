import { expect } from "vitest";
import { GET as consentRoute } from "@/app/api/api/customer/[id]/consent/route";
import { POST as smsOptOutRoute } from "@/app/api/api/customer/[id]/sms_opt_out/route";
import { POST as postCustomer } from "@/app/api/api/customer/route";
import { call } from "@/test/api";
import { invalid, notFound, permission, UNAUTHORIZED, VIEW_ONLY_REFUSAL } from "@/test/answers";
import { lacking, readerWithoutPrivileges, refusedRead, refusedWrite, southWith, type Row } from "@/test/isolation/cases";
import { EDITABLE, HIDDEN, ITEM_KEYS, VIEW_ONLY } from "@/test/isolation/items";
import { expectCreated, type World } from "@/test/isolation/world";

const consent = (cookie: string | undefined, id: string) => call(consentRoute, "GET", `/customer/${id}/consent`, { cookie, params: { id } });
const optOut = (cookie: string | undefined, id: string, body: Record<string, unknown> = {}) =>
  call(smsOptOutRoute, "POST", `/customer/${id}/sms_opt_out`, { cookie, params: { id }, body });

/** A number none of the world's customers has. */
const newNumber = () => `+447911${String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0")}`;
/** Some number, for requests that must be refused before any number is looked at. */
const SOME_NUMBER = "+447911000111";

/** A customer of A and one of B with the same number: consent is per organization. */
async function sharedNumber(w: World) {
  const phone = newNumber();
  const a = expectCreated(await call(postCustomer, "POST", "/customer", { cookie: w.a.cookie, body: { name: "Same number A", phone } }));
  const b = expectCreated(await call(postCustomer, "POST", "/customer", { cookie: w.outsider.cookie, body: { name: "Same number B", phone } }));
  return { phone, a, b };
}

/** A customer's consent and a member recording that it asked not to be texted. */
export const consentRows: Row[] = [
  {
    method: "GET",
    route: "/customer/[id]/consent",
    cases: {
      "no session": async (w) => refusedRead("anonymous consent", UNAUTHORIZED, () => consent(undefined, w.items.customer.editDefault.id)),
      "other organization": async (w) => {
        for (const key of ITEM_KEYS) await refusedRead(`outsider ${key}`, notFound("Customer"), () => consent(w.outsider.cookie, w.items.customer[key].id));
        await refusedRead("A reads B's customer", notFound("Customer"), () => consent(w.a.cookie, w.bItem.customer));
        // A's opt-out of a number says nothing of B's customer with the same number.
        const same = await sharedNumber(w);
        expect((await optOut(w.a.cookie, same.a)).status).toBe(200);
        expect((await consent(w.a.cookie, same.a)).body.phones[0]).toMatchObject({ phone: same.phone, opted_out: { how: "staff" } });
        expect((await consent(w.outsider.cookie, same.b)).body.phones).toEqual([{ phone: same.phone, opted_out: null }]);
      },
      "location cannot see": async (w) => {
        for (const actor of southWith(w)) {
          for (const key of HIDDEN) await refusedRead(`${actor.key} ${key}`, notFound("Customer"), () => consent(actor.cookie, w.items.customer[key].id));
        }
      },
      "view-only": async (w) => {
        for (const actor of southWith(w)) {
          for (const key of VIEW_ONLY) expect((await consent(actor.cookie, w.items.customer[key].id)).status, `${actor.key} ${key}`).toBe(200);
        }
      },
      "missing privilege": async (w) => {
        const reader = readerWithoutPrivileges(w);
        for (const key of ITEM_KEYS) expect((await consent(reader.cookie, w.items.customer[key].id)).status, key).toBe(200);
      },
    },
  },
  {
    method: "POST",
    route: "/customer/[id]/sms_opt_out",
    cases: {
      "no session": async (w) => refusedWrite(w, "anonymous opt-out", UNAUTHORIZED, () => optOut(undefined, w.items.customer.editDefault.id, { phone: SOME_NUMBER })),
      "other organization": async (w) => {
        for (const key of ITEM_KEYS) {
          await refusedWrite(w, `outsider ${key}`, notFound("Customer"), () => optOut(w.outsider.cookie, w.items.customer[key].id, { phone: SOME_NUMBER }));
        }
        await refusedWrite(w, "A on B's customer", notFound("Customer"), () => optOut(w.a.cookie, w.bItem.customer, { phone: SOME_NUMBER }));
        // B's own customer's number, named at A's customer, is not A's to opt out.
        const same = await sharedNumber(w);
        const other = expectCreated(await call(postCustomer, "POST", "/customer", { cookie: w.a.cookie, body: { name: "Other number A", phone: newNumber() } }));
        await refusedWrite(w, "a number not on file", invalid("phone", "This number is neither the customer's nor one of its contacts'"), () =>
          optOut(w.a.cookie, other, { phone: same.phone }),
        );
      },
      "location cannot see": async (w) => {
        for (const actor of southWith(w, "customers_manage")) {
          for (const key of HIDDEN) {
            await refusedWrite(w, `${actor.key} ${key}`, notFound("Customer"), () => optOut(actor.cookie, w.items.customer[key].id, { phone: SOME_NUMBER }));
          }
          // Customers it may edit: past the access checks to the number's own (none of these customers has it).
          for (const key of EDITABLE) {
            await refusedWrite(w, `${actor.key} ${key}`, invalid("phone", "This number is neither the customer's nor one of its contacts'"), () =>
              optOut(actor.cookie, w.items.customer[key].id, { phone: SOME_NUMBER }),
            );
          }
        }
      },
      "view-only": async (w) => {
        for (const actor of southWith(w, "customers_manage")) {
          for (const key of VIEW_ONLY) {
            await refusedWrite(w, `${actor.key} ${key}`, VIEW_ONLY_REFUSAL, () => optOut(actor.cookie, w.items.customer[key].id, { phone: SOME_NUMBER }));
          }
        }
      },
      "missing privilege": async (w) => {
        for (const actor of lacking(w, "customers_manage")) {
          await refusedWrite(w, actor.key, permission("customers_manage"), () => optOut(actor.cookie, w.items.customer.editDefault.id, { phone: SOME_NUMBER }));
        }
      },
    },
  },
];
