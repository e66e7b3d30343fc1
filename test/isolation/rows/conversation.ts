import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { getDb } from "@/db/client";
import { conversation, message } from "@/db/schema/conversation";
import { GET as listConversationsRoute } from "@/app/api/api/conversation/route";
import { GET as htmlRoute } from "@/app/api/api/message/[id]/html/route";
import { POST as retryRoute } from "@/app/api/api/message/[id]/retry/route";
import { call } from "@/test/api";
import { invalid, notFound, permission, UNAUTHORIZED, VIEW_ONLY_REFUSAL } from "@/test/answers";
import { getConversation, listMessages, makeCustomer, patchConversation, postMessage, shareCustomer } from "@/test/conversations";
import { actorsWhere, holds, ids, lacking, readerWithoutPrivileges, refusedRead, refusedWrite, southWith, type Row } from "@/test/isolation/cases";
import { addMessage, conversations, failedEmail, officeConversation, settled, strangerConversation } from "@/test/isolation/conversations";
import { attachesOnlyWhatItSees } from "@/test/isolation/files";
import { EDITABLE, EDITABLE_EVERYWHERE, HIDDEN, ITEM_KEYS, VIEW_ONLY, type ItemKey } from "@/test/isolation/items";
import type { World } from "@/test/isolation/world";

const NOT_FOUND = notFound("Conversation");
const list = (cookie: string | undefined, query: Record<string, string | string[]> = {}) =>
  call(listConversationsRoute, "GET", "/conversation", { cookie, query: { status: ["active", "closed", "removed"], limit: "10000", ...query } });
const retry = (cookie: string | undefined, id: string) => call(retryRoute, "POST", `/message/${id}/retry`, { cookie, params: { id }, body: {} });
const note = (content = "A note") => ({ id: "note", content });
const html = (cookie: string | undefined, id: string) => call(htmlRoute, "GET", `/message/${id}/html`, { cookie, params: { id } });
/** An inbound email with HTML, as a mail provider leaves one. */
const htmlEmail = (conversationId: string) =>
  addMessage(conversationId, { channel: "email", direction: "incoming", source: "customer@example.test", title: "Photos", content: "See the photos.", html: "<p>See the photos.</p>" });

/** Changes that only customer managers with edit access may make, to the conversation of `key` (with that key's customer). */
const details = (w: World, key?: ItemKey) => [
  { title: "Hijacked" },
  { customer: null },
  { customer: w.items.customer[key === "editOverride" ? "editDefault" : "editOverride"].id },
  // No conversation of the world is shared like this yet.
  { sharing: { default: "none", locations: [{ id: w.north, level: "view" }] } },
  { status: "removed" },
];
/** Changes every member who sees the conversation may make, and a detail: all refused where it is hidden. */
const anyChange = (w: World, key?: ItemKey) => [{ unread: 0 }, { status: "closed" }, ...details(w, key)];
/** The same from another organization, whose sharing cannot name A's locations (a 400 before the conversation is looked up). */
const foreignChange = () => [{ unread: 0 }, { status: "closed" }, { title: "Hijacked" }, { customer: null }, { sharing: { default: "edit" } }, { status: "removed" }];

const conversationRow = async (id: string) => (await (await getDb()).select().from(conversation).where(eq(conversation.id, id)))[0];

const listRow: Row = {
  method: "GET",
  route: "/conversation",
  cases: {
    "no session": async () => refusedRead("anonymous list", UNAUTHORIZED, () => list(undefined)),
    "other organization": async (w) => {
      const c = await conversations(w);
      const aIds = Object.values(c.a);
      const seen = ids(await list(w.outsider.cookie, { sharing: "ignore" }));
      expect(seen).toContain(c.b);
      expect(seen.filter((id) => aIds.includes(id))).toEqual([]);
      expect(ids(await list(w.outsider.cookie, { id: aIds }))).toEqual([]);
      expect(ids(await list(w.outsider.cookie, { customer: [w.items.customer.editDefault.id] }))).toEqual([]);
      for (const actor of w.actors) expect(ids(await list(actor.cookie)), actor.key).not.toContain(c.b);
      expect(ids(await list(w.a.cookie, { sharing: "ignore" }))).not.toContain(c.b);
    },
    "location cannot see": async (w) => {
      const c = await conversations(w);
      const hidden = HIDDEN.map((key) => c.a[key]);
      const visible = [...VIEW_ONLY, ...EDITABLE].map((key) => c.a[key]);
      for (const actor of southWith(w)) {
        for (const sharing of ["include", "shared_only", "exclude"]) {
          const seen = ids(await list(actor.cookie, { sharing }));
          expect(seen.filter((id) => hidden.includes(id)), `${actor.key} sharing=${sharing}`).toEqual([]);
          if (sharing === "include") expect(visible.filter((id) => !seen.includes(id)), actor.key).toEqual([]);
        }
        expect(ids(await list(actor.cookie, { id: hidden }))).toEqual([]);
        expect(ids(await list(actor.cookie, { search: "conversation hidden" }))).toEqual([]);
        expect(ids(await list(actor.cookie, { customer: [w.items.customer.editDefault.id] })).filter((id) => hidden.includes(id))).toEqual([]);
        expect((await list(actor.cookie, { sharing: "ignore" })).body).toEqual(
          invalid("sharing", "The sharing filter ignore is only available at organization level"),
        );
      }
      // The office's conversation with a North customer is listed at North, not at South; a stranger's stays at organization level.
      const office = await officeConversation(w);
      const stranger = await strangerConversation(w);
      for (const actor of actorsWhere(w, (other) => other.place !== "organization")) {
        const seen = ids(await list(actor.cookie));
        expect(seen.includes(office.id), `${actor.key} office's conversation`).toBe(actor.place === "north");
        expect(seen, `${actor.key} stranger's conversation`).not.toContain(stranger);
      }
      expect(ids(await list(w.a.cookie))).toEqual(expect.arrayContaining([office.id, stranger]));
    },
    "view-only": async (w) => {
      const c = await conversations(w);
      const viewed = VIEW_ONLY.map((key) => c.a[key]);
      for (const actor of southWith(w)) {
        expect(ids(await list(actor.cookie, { id: viewed, sharing: "shared_only" })).sort(), actor.key).toEqual([...viewed].sort());
      }
    },
    "missing privilege": async (w) => {
      const c = await conversations(w);
      const all = Object.values(c.a);
      expect(ids(await list(readerWithoutPrivileges(w).cookie, { id: all })).sort()).toEqual([...all].sort());
    },
  },
};

const getRow: Row = {
  method: "GET",
  route: "/conversation/[id]",
  cases: {
    "no session": async (w) => {
      const c = await conversations(w);
      for (const key of ITEM_KEYS) await refusedRead(key, UNAUTHORIZED, () => getConversation(undefined, c.a[key]));
    },
    "other organization": async (w) => {
      const c = await conversations(w);
      for (const key of ITEM_KEYS) await refusedRead(`outsider ${key}`, NOT_FOUND, () => getConversation(w.outsider.cookie, c.a[key]));
      await refusedRead("A's founder reads B's", NOT_FOUND, () => getConversation(w.a.cookie, c.b));
      expect((await getConversation(w.outsider.cookie, c.b)).status).toBe(200);
    },
    "location cannot see": async (w) => {
      const c = await conversations(w);
      for (const actor of southWith(w)) {
        for (const key of HIDDEN) await refusedRead(`${actor.key} ${key}`, NOT_FOUND, () => getConversation(actor.cookie, c.a[key]));
        for (const key of EDITABLE) expect((await getConversation(actor.cookie, c.a[key])).body.id).toBe(c.a[key]);
      }
      // Written by the office at organization level, a conversation with a North customer is North's, as the customer is.
      const office = await officeConversation(w);
      for (const actor of actorsWhere(w, (other) => other.place === "north")) {
        expect((await getConversation(actor.cookie, office.id)).body, actor.key).toMatchObject({ id: office.id, location: w.north });
      }
      for (const actor of southWith(w)) await refusedRead(`${actor.key} office's North conversation`, NOT_FOUND, () => getConversation(actor.cookie, office.id));
      // Without a customer, a conversation stays where it arrived: a stranger's email at organization level.
      const stranger = await strangerConversation(w);
      for (const actor of actorsWhere(w, (other) => other.place !== "organization")) {
        await refusedRead(`${actor.key} stranger's conversation`, NOT_FOUND, () => getConversation(actor.cookie, stranger));
      }
      for (const actor of actorsWhere(w, (other) => other.place === "organization")) {
        expect((await getConversation(actor.cookie, stranger)).body, actor.key).toMatchObject({ id: stranger, location: null });
      }
    },
    "view-only": async (w) => {
      const c = await conversations(w);
      for (const actor of southWith(w)) {
        for (const key of VIEW_ONLY) {
          const res = await getConversation(actor.cookie, c.a[key]);
          expect(res.body, `${actor.key} ${key}`).toMatchObject({ id: c.a[key], title: `conversation ${key}` });
        }
      }
    },
    "missing privilege": async (w) => {
      const c = await conversations(w);
      for (const key of ITEM_KEYS) expect((await getConversation(readerWithoutPrivileges(w).cookie, c.a[key])).status, key).toBe(200);
    },
  },
};

/** Marking read, closing and re-opening work for whoever sees the conversation; the conversation ends as it was. */
async function readsAndCloses(label: string, cookie: string, id: string) {
  await addMessage(id, { channel: "email", direction: "incoming", source: "customer@example.test", title: "Again", content: "Hello?" });
  expect((await patchConversation(cookie, id, { unread: 0 })).status, label).toBe(200);
  expect((await getConversation(cookie, id)).body.unread, label).toBe(0);
  expect((await patchConversation(cookie, id, { unread: 1 })).status, label).toBe(200);
  expect((await getConversation(cookie, id)).body.unread, label).toBe(1);
  expect((await patchConversation(cookie, id, { status: "closed" })).status, label).toBe(200);
  expect((await conversationRow(id)).status, label).toBe("closed");
  expect((await patchConversation(cookie, id, { status: "active" })).status, label).toBe(200);
}

const patchRow: Row = {
  method: "PATCH",
  route: "/conversation/[id]",
  cases: {
    "no session": async (w) => {
      const c = await conversations(w);
      for (const key of ["editDefault", "hidden"] as const) {
        for (const body of anyChange(w, key)) {
          await refusedWrite(w, `anonymous ${key} ${JSON.stringify(body)}`, UNAUTHORIZED, () => patchConversation(undefined, c.a[key], body));
        }
      }
    },
    "other organization": async (w) => {
      const c = await conversations(w);
      for (const key of ITEM_KEYS) {
        for (const body of foreignChange()) {
          await refusedWrite(w, `outsider ${key} ${JSON.stringify(body)}`, NOT_FOUND, () => patchConversation(w.outsider.cookie, c.a[key], body));
        }
      }
      await refusedWrite(w, "A's founder marks B's read", NOT_FOUND, () => patchConversation(w.a.cookie, c.b, { unread: 0 }));
      // Nor can A's conversation point at B's customer or location.
      const crossing: [Record<string, unknown>, object][] = [
        [{ customer: w.bItem.customer }, invalid("customer", "This customer does not exist")],
        [{ sharing: { default: "none", locations: [{ id: w.harbour, level: "view" }] } }, invalid("sharing.locations", "Sharing names a location that does not exist")],
      ];
      for (const [body, expected] of crossing) {
        await refusedWrite(w, `A's founder ${JSON.stringify(body)}`, expected, () => patchConversation(w.a.cookie, c.a.editDefault, body));
      }
    },
    "location cannot see": async (w) => {
      const c = await conversations(w);
      for (const actor of southWith(w)) {
        for (const key of HIDDEN) {
          for (const body of anyChange(w, key)) {
            await refusedWrite(w, `${actor.key} ${key} ${JSON.stringify(body)}`, NOT_FOUND, () => patchConversation(actor.cookie, c.a[key], body));
          }
        }
      }
      // The office's conversation with a North customer: North's customer manager edits it, South cannot touch it.
      const office = await officeConversation(w);
      for (const actor of southWith(w)) {
        for (const body of anyChange(w)) {
          await refusedWrite(w, `${actor.key} office's North conversation ${JSON.stringify(body)}`, NOT_FOUND, () => patchConversation(actor.cookie, office.id, body));
        }
      }
      expect((await patchConversation(office.northManager, office.id, { title: "Renamed at North" })).status).toBe(200);
      // A stranger's conversation, at organization level, is no branch's to change.
      const stranger = await strangerConversation(w);
      for (const actor of actorsWhere(w, (other) => other.place !== "organization" && holds(other, "customers_manage"))) {
        await refusedWrite(w, `${actor.key} stranger's conversation`, NOT_FOUND, () => patchConversation(actor.cookie, stranger, { title: "Mine" }));
      }
      // A customer South cannot see cannot be linked from South.
      const manager = southWith(w, "customers_manage")[0];
      for (const key of HIDDEN) {
        await refusedWrite(w, `${manager.key} links hidden customer ${key}`, invalid("customer", "This customer does not exist"), () =>
          patchConversation(manager.cookie, c.a.editDefault, { customer: w.items.customer[key].id }),
        );
      }
    },
    "view-only": async (w) => {
      const c = await conversations(w);
      for (const actor of southWith(w)) {
        for (const key of VIEW_ONLY) {
          for (const body of details(w, key)) {
            await refusedWrite(w, `${actor.key} ${key} ${JSON.stringify(body)}`, VIEW_ONLY_REFUSAL, () => patchConversation(actor.cookie, c.a[key], body));
          }
          await readsAndCloses(`${actor.key} ${key}`, actor.cookie, c.a[key]);
        }
      }
      // The office's conversation follows its customer's sharing: viewed from South while South views the customer, edited once it edits it, gone after.
      const office = await officeConversation(w);
      const southManager = southWith(w, "customers_manage").find((actor) => actor.set === "customers_manage")!;
      await shareCustomer(office.northManager, office.customer, { default: "none", locations: [{ id: w.south, level: "view" }] });
      expect((await getConversation(southManager.cookie, office.id)).status).toBe(200);
      await refusedWrite(w, "South views the office's conversation", VIEW_ONLY_REFUSAL, () => patchConversation(southManager.cookie, office.id, { title: "South's" }));
      await shareCustomer(office.northManager, office.customer, { default: "none", locations: [{ id: w.south, level: "full" }] });
      expect((await patchConversation(southManager.cookie, office.id, { title: "South's" })).status).toBe(200);
      // Its own sharing is the customer's: it cannot be set apart from it.
      await refusedWrite(w, "sharing apart from the customer", invalid("sharing", "This conversation is shared as its customer is: change the customer's sharing instead"), () =>
        patchConversation(office.northManager, office.id, { sharing: { default: "edit" } }),
      );
      await shareCustomer(office.northManager, office.customer, { default: "none" });
      await refusedRead("South after the customer is no longer shared", NOT_FOUND, () => getConversation(southManager.cookie, office.id));
    },
    "missing privilege": async (w) => {
      const c = await conversations(w);
      for (const actor of lacking(w, "customers_manage")) {
        for (const key of EDITABLE_EVERYWHERE) {
          for (const body of details(w, key)) {
            await refusedWrite(w, `${actor.key} ${key} ${JSON.stringify(body)}`, permission("customers_manage"), () =>
              patchConversation(actor.cookie, c.a[key], body),
            );
          }
          await readsAndCloses(`${actor.key} ${key}`, actor.cookie, c.a[key]);
        }
      }
    },
  },
};

const listMessagesRow: Row = {
  method: "GET",
  route: "/message",
  cases: {
    "no session": async (w) => {
      const c = await conversations(w);
      await refusedRead("anonymous", UNAUTHORIZED, () => listMessages(undefined, [c.a.editDefault]));
    },
    "other organization": async (w) => {
      const c = await conversations(w);
      for (const key of ITEM_KEYS) await refusedRead(`outsider ${key}`, NOT_FOUND, () => listMessages(w.outsider.cookie, [c.a[key]]));
      await refusedRead("outsider with its own", NOT_FOUND, () => listMessages(w.outsider.cookie, [c.b, c.a.editDefault]));
      await refusedRead("A's founder reads B's", NOT_FOUND, () => listMessages(w.a.cookie, [c.b]));
      const own = await listMessages(w.outsider.cookie, [c.b]);
      expect(own.body.items.map((item: { type: { content: string } }) => item.type.content)).toEqual(["Started B's conversation", "For B"]);
    },
    "location cannot see": async (w) => {
      const c = await conversations(w);
      for (const actor of southWith(w)) {
        for (const key of HIDDEN) {
          await refusedRead(`${actor.key} ${key}`, NOT_FOUND, () => listMessages(actor.cookie, [c.a[key]]));
          await refusedRead(`${actor.key} ${key} among visible`, NOT_FOUND, () => listMessages(actor.cookie, [c.a.editDefault, c.a[key]]));
        }
      }
    },
    "view-only": async (w) => {
      const c = await conversations(w);
      for (const actor of southWith(w)) {
        for (const key of VIEW_ONLY) {
          const res = await listMessages(actor.cookie, [c.a[key]]);
          expect(res.status, `${actor.key} ${key}`).toBe(200);
          expect(res.body.items[0].type.content).toBe(`Started conversation ${key}`);
        }
      }
    },
    "missing privilege": async (w) => {
      const c = await conversations(w);
      const reader = readerWithoutPrivileges(w);
      for (const key of ITEM_KEYS) expect((await listMessages(reader.cookie, [c.a[key]])).status, key).toBe(200);
    },
  },
};

const postRow: Row = {
  method: "POST",
  route: "/message",
  cases: {
    "no session": async (w) => {
      const c = await conversations(w);
      await refusedWrite(w, "anonymous into a conversation", UNAUTHORIZED, () => postMessage(undefined, { conversation: c.a.editDefault, type: note() }));
      await refusedWrite(w, "anonymous to a customer", UNAUTHORIZED, () => postMessage(undefined, { customer: w.items.customer.editDefault.id, type: note() }));
    },
    "other organization": async (w) => {
      const c = await conversations(w);
      for (const key of ITEM_KEYS) {
        await refusedWrite(w, `outsider into ${key}`, NOT_FOUND, () => postMessage(w.outsider.cookie, { conversation: c.a[key], type: note() }));
        await refusedWrite(w, `outsider to A's customer ${key}`, invalid("customer", "This customer does not exist"), () =>
          postMessage(w.outsider.cookie, { customer: w.items.customer[key].id, type: note() }),
        );
      }
      await refusedWrite(w, "outsider attaches A's file", invalid("files.0", "This file does not exist"), () =>
        postMessage(w.outsider.cookie, { conversation: c.b, type: note(), files: [w.files.a] }),
      );
      await refusedWrite(w, "A's founder into B's", NOT_FOUND, () => postMessage(w.a.cookie, { conversation: c.b, type: note() }));
      // What B starts belongs to B, and A cannot see it.
      const started = await postMessage(w.outsider.cookie, { customer: w.bItem.customer, type: note("B's own") });
      expect(started.status).toBe(201);
      expect((await conversationRow(started.body.conversation)).organizationId).toBe(w.b.organizationId);
      await refusedRead("A reads B's new conversation", NOT_FOUND, () => getConversation(w.a.cookie, started.body.conversation));
    },
    "location cannot see": async (w) => {
      const c = await conversations(w);
      for (const actor of southWith(w)) {
        for (const key of HIDDEN) {
          await refusedWrite(w, `${actor.key} into ${key}`, NOT_FOUND, () => postMessage(actor.cookie, { conversation: c.a[key], type: note() }));
          await refusedWrite(w, `${actor.key} to customer ${key}`, invalid("customer", "This customer does not exist"), () =>
            postMessage(actor.cookie, { customer: w.items.customer[key].id, type: note() }),
          );
        }
      }
      await attachesOnlyWhatItSees(w);
      // What South starts with its own customer lives at South, hidden from North.
      const actor = southWith(w)[0];
      const southCustomer = await makeCustomer(southWith(w, "customers_manage")[0].cookie, { name: "Sam South" });
      const started = await postMessage(actor.cookie, { customer: southCustomer.id, type: note("South's own") });
      expect(started.status).toBe(201);
      expect((await conversationRow(started.body.conversation)).locationId).toBe(w.south);
      for (const reader of actorsWhere(w, (other) => other.place === "north")) {
        await refusedRead(`${reader.key} reads South's conversation`, NOT_FOUND, () => getConversation(reader.cookie, started.body.conversation));
      }
      // With a customer of the organization level, it lives there, shared as that customer is.
      const withShared = await postMessage(actor.cookie, { customer: w.items.customer.editDefault.id, type: note("About a shared customer") });
      expect(withShared.status).toBe(201);
      expect(await conversationRow(withShared.body.conversation)).toMatchObject({ locationId: null, sharing: { default: "edit", locations: [] } });
    },
    "view-only": async (w) => {
      // Seeing a conversation is enough to write in it, and seeing a customer to start one.
      const c = await conversations(w);
      for (const actor of southWith(w)) {
        for (const key of VIEW_ONLY) {
          const res = await postMessage(actor.cookie, { conversation: c.a[key], type: note(`${actor.key} writes`) });
          expect(res.status, `${actor.key} ${key} ${JSON.stringify(res.body)}`).toBe(201);
          const started = await postMessage(actor.cookie, { customer: w.items.customer[key].id, type: note() });
          expect(started.status, `${actor.key} customer ${key}`).toBe(201);
        }
      }
    },
    "missing privilege": async (w) => {
      const c = await conversations(w);
      for (const actor of lacking(w, "customers_manage")) {
        const res = await postMessage(actor.cookie, { conversation: c.a.editDefault, type: note(`${actor.key} writes`) });
        expect(res.status, actor.key).toBe(201);
      }
      // Email and texts go to the customer or to whoever wrote in; anyone else takes messages_any_recipient.
      const stranger = { status: 403, message: expect.stringContaining("stranger@elsewhere.test"), permission: "messages_any_recipient" };
      const spam = { id: "email", source: "stranger@elsewhere.test", title: "Verify your account", content: "Click here" };
      for (const actor of lacking(w, "messages_any_recipient")) {
        await refusedWrite(w, `${actor.key} emails a stranger`, stranger, () => postMessage(actor.cookie, { conversation: c.a.editDefault, type: spam }));
        await refusedWrite(w, `${actor.key} starts a conversation with a stranger`, stranger, () =>
          postMessage(actor.cookie, { customer: w.items.customer.editDefault.id, type: spam }),
        );
      }
    },
  },
};

const retryRow: Row = {
  method: "POST",
  route: "/message/[id]/retry",
  cases: {
    "no session": async (w) => {
      const c = await conversations(w);
      const failed = await failedEmail(c.a.editDefault);
      await refusedWrite(w, "anonymous retry", UNAUTHORIZED, () => retry(undefined, failed.id));
    },
    "other organization": async (w) => {
      const c = await conversations(w);
      for (const key of ITEM_KEYS) {
        const failed = await failedEmail(c.a[key]);
        await refusedWrite(w, `outsider retries in ${key}`, notFound("Message"), () => retry(w.outsider.cookie, failed.id));
      }
      const theirs = await failedEmail(c.b);
      await refusedWrite(w, "A's founder retries B's", notFound("Message"), () => retry(w.a.cookie, theirs.id));
    },
    "location cannot see": async (w) => {
      const c = await conversations(w);
      for (const key of HIDDEN) {
        const failed = await failedEmail(c.a[key]);
        for (const actor of southWith(w)) {
          await refusedWrite(w, `${actor.key} retries in ${key}`, notFound("Message"), () => retry(actor.cookie, failed.id));
        }
      }
    },
    "view-only": async (w) => {
      const c = await conversations(w);
      for (const actor of southWith(w)) {
        for (const key of VIEW_ONLY) {
          const failed = await failedEmail(c.a[key]);
          expect(await retry(actor.cookie, failed.id), `${actor.key} ${key}`).toMatchObject({ status: 200, body: { id: failed.id } });
          await settled();
          const [row] = await (await getDb()).select().from(message).where(eq(message.id, failed.id));
          expect(row.delivery).toBe("sent");
        }
      }
    },
    "missing privilege": async (w) => {
      const c = await conversations(w);
      const failed = await failedEmail(c.a.editDefault);
      expect((await retry(readerWithoutPrivileges(w).cookie, failed.id)).status).toBe(200);
      await settled();
    },
  },
};

const NO_MESSAGE = notFound("Message");

const htmlRow: Row = {
  method: "GET",
  route: "/message/[id]/html",
  cases: {
    "no session": async (w) => {
      const c = await conversations(w);
      const email = await htmlEmail(c.a.editDefault);
      await refusedRead("anonymous", UNAUTHORIZED, () => html(undefined, email.id));
    },
    "other organization": async (w) => {
      const c = await conversations(w);
      for (const key of ITEM_KEYS) {
        const email = await htmlEmail(c.a[key]);
        await refusedRead(`outsider reads ${key}`, NO_MESSAGE, () => html(w.outsider.cookie, email.id));
      }
      const theirs = await htmlEmail(c.b);
      await refusedRead("A's founder reads B's", NO_MESSAGE, () => html(w.a.cookie, theirs.id));
      expect((await html(w.outsider.cookie, theirs.id)).status).toBe(200);
    },
    "location cannot see": async (w) => {
      const c = await conversations(w);
      for (const key of HIDDEN) {
        const email = await htmlEmail(c.a[key]);
        for (const actor of southWith(w)) await refusedRead(`${actor.key} reads ${key}`, NO_MESSAGE, () => html(actor.cookie, email.id));
      }
    },
    "view-only": async (w) => {
      const c = await conversations(w);
      for (const key of VIEW_ONLY) {
        const email = await htmlEmail(c.a[key]);
        for (const actor of southWith(w)) expect((await html(actor.cookie, email.id)).status, `${actor.key} ${key}`).toBe(200);
      }
    },
    "missing privilege": async (w) => {
      const c = await conversations(w);
      const email = await htmlEmail(c.a.editDefault);
      expect((await html(readerWithoutPrivileges(w).cookie, email.id)).status).toBe(200);
    },
  },
};

/** Conversations and messages: reading, changing by who may, writing and sending again. */
export const conversationRows: Row[] = [listRow, getRow, patchRow, listMessagesRow, postRow, retryRow, htmlRow];
