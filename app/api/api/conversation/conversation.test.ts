import { describe, expect, it } from "vitest";
import { PATCH as patchCustomer } from "@/app/api/api/customer/[id]/route";
import { GET as getHistory } from "@/app/api/api/history/route";
import { GET as list } from "@/app/api/api/conversation/route";
import { call } from "@/test/api";
import { invalid, permission, VIEW_ONLY_REFUSAL } from "@/test/answers";
import {
  conversationRow,
  getConversation,
  makeCustomer,
  patchConversation,
  postMessage,
  receive,
  startWithNote,
} from "@/test/conversations";
import { addLocation, addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { useMailbox } from "@/test/mailbox";

const mailbox = useMailbox();

const listConversations = (cookie: string, query: Record<string, string | string[]> = {}) =>
  call(list, "GET", "/conversation", { cookie, query });
const titles = (res: { body: { items: { title: string }[] } }) => res.body.items.map((item) => item.title);

async function organizationWithConversation() {
  const org = await signUpOrganization(mailbox);
  const customer = await makeCustomer(org.cookie, { name: "Dora Dunn" });
  const id = await startWithNote(org.cookie, customer.id);
  return { ...org, customer, id };
}

async function memberCookie(organizationId: string, options: Parameters<typeof addMember>[1] = {}) {
  const staff = await addMember(organizationId, options);
  return { id: staff.member.id, cookie: await logInAs(staff.email) };
}

describe("conversation transitions (spec §4)", () => {
  it("closes and re-opens, answering the reference, with history", async () => {
    const { cookie, id } = await organizationWithConversation();
    const closed = await patchConversation(cookie, id, { status: "closed" });
    expect(closed).toMatchObject({ status: 200, body: { reference: "C-1001" } });
    expect((await getConversation(cookie, id)).body.status).toBe("closed");
    expect((await patchConversation(cookie, id, { status: "active" })).status).toBe(200);
    expect((await getConversation(cookie, id)).body.status).toBe("active");
    const history = await call(getHistory, "GET", "/history", { cookie, query: { type: "conversation", id } });
    expect(history.body.items.map((entry: { action: string; changes: unknown }) => [entry.action, entry.changes])).toEqual([
      ["updated", { status: ["closed", "active"] }],
      ["updated", { status: ["active", "closed"] }],
      ["created", { reference: [null, "C-1001"], title: [null, "Notes on Dora Dunn"], customer: [null, expect.any(String)] }],
    ]);
  });

  it("removes and restores only with customers_manage; a removed conversation is restored to active, not closed", async () => {
    const { cookie, organizationId, id } = await organizationWithConversation();
    const staff = await memberCookie(organizationId);
    expect((await patchConversation(staff.cookie, id, { status: "removed" })).body).toEqual(permission("customers_manage"));
    expect((await patchConversation(cookie, id, { status: "removed" })).status).toBe(200);
    expect((await listConversations(cookie)).body.items).toEqual([]);
    expect((await listConversations(cookie, { status: "removed" })).body.items.map((item: { id: string }) => item.id)).toEqual([id]);

    // Closing or re-opening is not how a removed conversation comes back.
    const close = await patchConversation(cookie, id, { status: "closed" });
    expect(close.body).toEqual({ status: 409, message: "Conflict", details: "Conversation C-1001 has been removed: restore it to active, then close it" });
    expect((await patchConversation(staff.cookie, id, { status: "closed" })).status).toBe(409);
    expect((await patchConversation(staff.cookie, id, { status: "active" })).body).toEqual(permission("customers_manage"));
    expect((await conversationRow(id)).status).toBe("removed");

    expect((await patchConversation(cookie, id, { status: "active" })).status).toBe(200);
    expect((await getConversation(cookie, id)).body.status).toBe("active");
  });

  it("lets a member without customers_manage mark read, close and re-open, but not change the details", async () => {
    const { organizationId, id, cookie } = await organizationWithConversation();
    const staff = await memberCookie(organizationId, { privileges: ["projects_manage"] });
    await receive(id);
    expect((await patchConversation(staff.cookie, id, { unread: 0 })).status).toBe(200);
    expect((await patchConversation(staff.cookie, id, { status: "closed" })).status).toBe(200);
    expect((await patchConversation(staff.cookie, id, { status: "active" })).status).toBe(200);
    const other = await makeCustomer(cookie, { name: "Other customer" });
    for (const body of [{ title: "Renamed" }, { customer: other.id }, { customer: null }, { sharing: { default: "view" } }, { status: "removed" }]) {
      expect((await patchConversation(staff.cookie, id, body)).body, JSON.stringify(body)).toEqual(permission("customers_manage"));
    }
    // The unchanged title is no change at all.
    expect((await patchConversation(staff.cookie, id, { title: "Notes on Dora Dunn", unread: 0 })).status).toBe(200);
    expect(await conversationRow(id)).toMatchObject({ title: "Notes on Dora Dunn", unread: 0, status: "active" });
  });

  it("lets a location that only views a conversation mark it read and close it, not edit it", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const north = await addLocation(organizationId, "North");
    const south = await addLocation(organizationId, "South");
    const customer = await makeCustomer(cookie, { sharing: { default: "view" } });
    const writer = await memberCookie(organizationId, { privileges: ["customers_manage"], locationId: north.id });
    const id = await startWithNote(writer.cookie, customer.id);
    expect((await conversationRow(id)).locationId).toBe(north.id);
    const viewer = await memberCookie(organizationId, { privileges: ["customers_manage"], locationId: south.id });
    expect((await getConversation(viewer.cookie, id)).status).toBe(404);
    expect((await patchConversation(writer.cookie, id, { sharing: { default: "none", locations: [{ id: south.id, level: "view" }] } })).status).toBe(200);
    await receive(id);
    expect((await patchConversation(viewer.cookie, id, { unread: 0, status: "closed" })).status).toBe(200);
    expect((await patchConversation(viewer.cookie, id, { title: "Mine now" })).body).toEqual(VIEW_ONLY_REFUSAL);
    expect((await patchConversation(viewer.cookie, id, { status: "active" })).status).toBe(200);
    expect(await conversationRow(id)).toMatchObject({ unread: 0, status: "active", title: "Notes on Carla Customer" });
  });

  it("changes title, customer and sharing with customers_manage, and refuses customers it cannot link", async () => {
    const { cookie, organizationId, id } = await organizationWithConversation();
    const next = await makeCustomer(cookie, { name: "Ned Next" });
    expect((await patchConversation(cookie, id, { title: "Kitchen quote", customer: next.id })).body).toEqual({ reference: "C-1001" });
    expect((await getConversation(cookie, id)).body).toMatchObject({ title: "Kitchen quote", customer: next.id });
    expect((await conversationRow(id)).search).toBe("C-1001 Kitchen quote Ned Next");

    const gone = await makeCustomer(cookie, { name: "Gone" });
    await call(patchCustomer, "PATCH", `/customer/${gone.id}`, { cookie, params: { id: gone.id }, body: { status: "removed" } });
    expect((await patchConversation(cookie, id, { customer: gone.id })).body).toEqual(invalid("customer", "This customer has been removed"));
    const foreign = await signUpOrganization(mailbox, "Other Co");
    const theirs = await makeCustomer(foreign.cookie);
    expect((await patchConversation(cookie, id, { customer: theirs.id })).body).toEqual(invalid("customer", "This customer does not exist"));
    const south = await addLocation(organizationId, "South");
    const hiddenFromSouth = await makeCustomer(cookie, { name: "Hidden" });
    const southManager = await memberCookie(organizationId, { privileges: ["customers_manage"], locationId: south.id });
    const southConversation = await startWithNote(southManager.cookie, (await makeCustomer(cookie, { sharing: { default: "full" } })).id);
    expect((await patchConversation(southManager.cookie, southConversation, { customer: hiddenFromSouth.id })).body).toEqual(
      invalid("customer", "This customer does not exist"),
    );

    expect((await patchConversation(cookie, id, { customer: null })).status).toBe(200);
    expect((await conversationRow(id)).search).toBe("C-1001 Kitchen quote");
    expect((await patchConversation(cookie, id, { unread: 3 })).status).toBe(400);
    expect((await patchConversation(cookie, id, { title: " " })).body).toEqual(invalid("title", "Required"));
  });
});

describe("unread", () => {
  it("counts incoming messages only, and marking read sets it to 0", async () => {
    const { cookie, id } = await organizationWithConversation();
    await receive(id, { messageId: "<one@customer.test>" });
    await receive(id, { kind: "sms", source: "+442079460000", content: "On my way" });
    expect((await postMessage(cookie, { conversation: id, type: { id: "note", content: "Called back" } })).status).toBe(201);
    const before = await getConversation(cookie, id);
    expect(before.body).toMatchObject({ unread: 2, sources: [{ type: "email", value: "carla@example.test" }, { type: "sms", value: "+442079460000" }] });
    expect(new Date(before.body.last_message).getTime()).toBeGreaterThan(0);
    expect((await patchConversation(cookie, id, { unread: 0 })).status).toBe(200);
    expect((await getConversation(cookie, id)).body.unread).toBe(0);
    await receive(id);
    expect((await getConversation(cookie, id)).body.unread).toBe(1);
  });
});

describe("conversation list", () => {
  it("filters by customer, status and search, sorts by unread, and follows a customer's new name", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const dora = await makeCustomer(cookie, { name: "Dora Dunn" });
    const eli = await makeCustomer(cookie, { name: "Eli Evans" });
    const first = await startWithNote(cookie, dora.id);
    const second = await startWithNote(cookie, eli.id);
    const third = await startWithNote(cookie, eli.id);
    await receive(third);
    await receive(third);
    await receive(first);
    await patchConversation(cookie, second, { status: "closed" });

    expect((await listConversations(cookie, { sort: "unread:desc" })).body.items.map((item: { id: string }) => item.id)).toEqual([third, first, second]);
    expect((await listConversations(cookie, { customer: [eli.id], sort: "created:asc" })).body.items.map((item: { id: string }) => item.id)).toEqual([second, third]);
    expect((await listConversations(cookie, { status: "closed" })).body.items.map((item: { id: string }) => item.id)).toEqual([second]);
    expect(titles(await listConversations(cookie, { search: "C-1001" }))).toEqual(["Notes on Dora Dunn"]);
    expect(titles(await listConversations(cookie, { search: "dunn" }))).toEqual(["Notes on Dora Dunn"]);

    const renamed = await call(patchCustomer, "PATCH", `/customer/${dora.id}`, { cookie, params: { id: dora.id }, body: { name: "Dora Fairweather" } });
    expect(renamed.status).toBe(200);
    expect((await listConversations(cookie, { search: "fairweather" })).body.items.map((item: { id: string }) => item.id)).toEqual([first]);
    expect((await conversationRow(first)).search).toBe("C-1001 Notes on Dora Dunn Dora Fairweather");
    const bad = await listConversations(cookie, { customer: "nope" });
    expect(bad.body).toEqual(invalid("customer.0", "Customer must be an id"));
  });
});
