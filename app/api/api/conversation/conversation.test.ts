import { describe, expect, it } from "vitest";
import { PATCH as patchCustomer } from "@/app/api/api/customer/[id]/route";
import { GET as getHistory } from "@/app/api/api/history/route";
import { GET as list } from "@/app/api/api/conversation/route";
import { GET as getDashboard } from "@/app/api/api/dashboard/route";
import { call } from "@/test/api";
import { invalid, permission, VIEW_ONLY_REFUSAL } from "@/test/answers";
import {
  conversationRow,
  getConversation,
  listMessages,
  makeCustomer,
  patchConversation,
  postMessage,
  receive,
  shareCustomer,
  startWithNote,
} from "@/test/conversations";
import { inboundAddress, postEmail, rawEmail } from "@/test/inbound";
import { addLocation, addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

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
    expect((await getConversation(staff.cookie, id)).body).toMatchObject({ title: "Notes on Dora Dunn", unread: 0, status: "active" });
  });

  it("lets a location that only views a conversation mark it read and close it, not edit it", async () => {
    const { organizationId } = await signUpOrganization(mailbox);
    const north = await addLocation(organizationId, "North");
    const south = await addLocation(organizationId, "South");
    const writer = await memberCookie(organizationId, { privileges: ["customers_manage"], locationId: north.id });
    const customer = await makeCustomer(writer.cookie);
    const id = await startWithNote(writer.cookie, customer.id);
    expect((await conversationRow(id)).locationId).toBe(north.id);
    const viewer = await memberCookie(organizationId, { privileges: ["customers_manage"], locationId: south.id });
    expect((await getConversation(viewer.cookie, id)).status).toBe(404);
    await shareCustomer(writer.cookie, customer.id, { default: "none", locations: [{ id: south.id, level: "view" }] });
    await receive(id);
    expect((await patchConversation(viewer.cookie, id, { unread: 0, status: "closed" })).status).toBe(200);
    expect((await patchConversation(viewer.cookie, id, { title: "Mine now" })).body).toEqual(VIEW_ONLY_REFUSAL);
    expect((await patchConversation(viewer.cookie, id, { status: "active" })).status).toBe(200);
    expect((await getConversation(viewer.cookie, id)).body).toMatchObject({ unread: 0, status: "active", title: "Notes on Carla Customer" });
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

describe("a conversation with a customer lives where the customer does", () => {
  /** A shop with York and Leeds: the founder is the office at organization level. */
  async function shop() {
    const org = await signUpOrganization(mailbox);
    const york = await addLocation(org.organizationId, "York");
    const leeds = await addLocation(org.organizationId, "Leeds");
    const yorkManager = await memberCookie(org.organizationId, { privileges: ["customers_manage"], locationId: york.id });
    const technician = await memberCookie(org.organizationId, { privileges: [], locationId: york.id });
    const leedsManager = await memberCookie(org.organizationId, { privileges: ["customers_manage"], locationId: leeds.id });
    const customer = await makeCustomer(yorkManager.cookie, { name: "Yara York", phone: "+44 20 7946 0000" });
    return { ...org, york, leeds, yorkManager, technician, leedsManager, customer };
  }

  it("written by the office at organization level, the York customer's email, SMS and note are York's to read and edit", async () => {
    const s = await shop();
    const bodies = [
      { id: "email", source: s.customer.email, title: "Boiler service", content: "When may we come?" },
      { id: "sms", source: "+44 20 7946 0000", content: "We are on our way" },
      { id: "note", content: "Key under the mat" },
    ];
    const started: string[] = [];
    for (const type of bodies) {
      const res = await postMessage(s.cookie, { customer: s.customer.id, type });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      started.push(res.body.conversation);
    }
    // The technician finds them on the customer's page, opens each and reads its message.
    const onPage = await listConversations(s.technician.cookie, { customer: [s.customer.id] });
    expect(onPage.body.items.map((item: { id: string }) => item.id).sort()).toEqual([...started].sort());
    for (const id of started) {
      expect((await getConversation(s.technician.cookie, id)).body).toMatchObject({ id, location: s.york.id, sharing: { default: "none", locations: [] } });
      const messages = await listMessages(s.technician.cookie, [id]);
      expect(messages.status).toBe(200);
      expect(messages.body.items).toHaveLength(1);
    }
    // York's customer manager edits them as they edit the customer; Leeds sees none of them.
    expect((await patchConversation(s.yorkManager.cookie, started[2], { title: "Notes on the boiler" })).status).toBe(200);
    expect((await listConversations(s.leedsManager.cookie, { customer: [s.customer.id] })).body.items).toEqual([]);
    for (const id of started) expect((await getConversation(s.leedsManager.cookie, id)).status).toBe(404);
  });

  it("follows the customer's sharing and a new customer; its own sharing is the customer's", async () => {
    const s = await shop();
    const id = await startWithNote(s.cookie, s.customer.id);
    expect((await getConversation(s.leedsManager.cookie, id)).status).toBe(404);

    await shareCustomer(s.yorkManager.cookie, s.customer.id, { default: "none", locations: [{ id: s.leeds.id, level: "view" }] });
    expect((await getConversation(s.leedsManager.cookie, id)).body.sharing).toEqual({ default: "none", locations: [{ id: s.leeds.id, level: "view" }] });
    expect((await patchConversation(s.leedsManager.cookie, id, { title: "Leeds' now" })).body).toEqual(VIEW_ONLY_REFUSAL);
    await shareCustomer(s.yorkManager.cookie, s.customer.id, { default: "none", locations: [{ id: s.leeds.id, level: "full" }] });
    expect((await patchConversation(s.leedsManager.cookie, id, { title: "Leeds' now" })).status).toBe(200);
    await shareCustomer(s.yorkManager.cookie, s.customer.id, { default: "none" });
    expect((await getConversation(s.leedsManager.cookie, id)).status).toBe(404);

    // Set apart from the customer's, its sharing would drift from who sees the customer.
    expect((await patchConversation(s.cookie, id, { sharing: { default: "edit" } })).body).toEqual(
      invalid("sharing", "This conversation is shared as its customer is: change the customer's sharing instead"),
    );

    // Linked to a Leeds customer, it moves to Leeds, and its history says so.
    const leedsCustomer = await makeCustomer(s.leedsManager.cookie, { name: "Lou Leeds" });
    expect((await patchConversation(s.cookie, id, { customer: leedsCustomer.id })).status).toBe(200);
    expect(await conversationRow(id)).toMatchObject({ locationId: s.leeds.id, sharing: { default: "none", locations: [] } });
    expect((await getConversation(s.technician.cookie, id)).status).toBe(404);
    expect((await getConversation(s.leedsManager.cookie, id)).status).toBe(200);
    const history = await call(getHistory, "GET", "/history", { cookie: s.cookie, query: { type: "conversation", id } });
    expect(history.body.items[0].changes).toMatchObject({ customer: [s.customer.id, leedsCustomer.id], location: [s.york.id, s.leeds.id] });

    // Without a customer it stays where it is, and its sharing is its own again.
    expect((await patchConversation(s.cookie, id, { customer: null, sharing: { default: "view" } })).status).toBe(200);
    expect(await conversationRow(id)).toMatchObject({ locationId: s.leeds.id, sharing: { default: "view", locations: [] } });
    expect((await getConversation(s.technician.cookie, id)).status).toBe(200);
  });

  it("a conversation without a customer stays where it arrived", async () => {
    const s = await shop();
    const { token } = await inboundAddress(s.cookie, s.organizationId);
    const res = await postEmail(token, rawEmail({ from: "Stan Stranger <stan@stranger.test>", subject: "Do you fix fences?" }));
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(await conversationRow(res.body.conversation)).toMatchObject({ customerId: null, locationId: null });
    expect((await getConversation(s.cookie, res.body.conversation)).status).toBe(200);
    for (const member of [s.technician, s.yorkManager, s.leedsManager]) {
      expect((await getConversation(member.cookie, res.body.conversation)).status).toBe(404);
    }
  });
});

describe("unread", () => {
  it("counts incoming messages only, and marking read sets it to 0", async () => {
    const { cookie, id } = await organizationWithConversation();
    await receive(id, { messageId: "<one@customer.test>" });
    await receive(id, { channel: "sms", source: "+442079460000", content: "On my way" });
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

describe("unread is each member's own", () => {
  const unreadOf = async (cookie: string, id: string) => (await getConversation(cookie, id)).body.unread;
  const unreadIds = async (cookie: string) => (await listConversations(cookie, { unread: "true" })).body.items.map((item: { id: string }) => item.id);

  it("one member reading a thread leaves it unread for the others; Mark as unread is the caller's alone", async () => {
    const { cookie, organizationId, id } = await organizationWithConversation();
    const colleague = await memberCookie(organizationId);
    await receive(id);
    await receive(id);
    expect([await unreadOf(cookie, id), await unreadOf(colleague.cookie, id)]).toEqual([2, 2]);

    expect((await patchConversation(colleague.cookie, id, { unread: 0 })).status).toBe(200);
    expect([await unreadOf(cookie, id), await unreadOf(colleague.cookie, id)]).toEqual([2, 0]);
    expect(await unreadIds(cookie)).toEqual([id]);
    expect(await unreadIds(colleague.cookie)).toEqual([]);
    expect((await call(getDashboard, "GET", "/dashboard", { cookie })).body.unread_conversations).toBe(1);
    expect((await call(getDashboard, "GET", "/dashboard", { cookie: colleague.cookie })).body.unread_conversations).toBe(0);

    // Mark as unread: the colleague's own, one message; already unread, nothing changes.
    expect((await patchConversation(colleague.cookie, id, { unread: 1 })).status).toBe(200);
    expect((await patchConversation(cookie, id, { unread: 1 })).status).toBe(200);
    expect([await unreadOf(cookie, id), await unreadOf(colleague.cookie, id)]).toEqual([2, 1]);
    await receive(id);
    expect([await unreadOf(cookie, id), await unreadOf(colleague.cookie, id)]).toEqual([3, 2]);
    expect((await patchConversation(cookie, id, { unread: 0 })).status).toBe(200);
    expect([await unreadOf(cookie, id), await unreadOf(colleague.cookie, id)]).toEqual([0, 2]);
    // Marking read on a conversation with nothing that came in, then unread: one unread.
    const quiet = await startWithNote(cookie, (await makeCustomer(cookie)).id);
    expect((await patchConversation(cookie, quiet, { unread: 1 })).status).toBe(200);
    expect(await unreadOf(cookie, quiet)).toBe(1);
    expect(await unreadOf(colleague.cookie, quiet)).toBe(0);

    // Reading is no change of the conversation: no history entry, no new "updated".
    const history = await call(getHistory, "GET", "/history", { cookie, query: { type: "conversation", id } });
    expect(history.body.items.map((entry: { action: string }) => entry.action)).toEqual(["created"]);
    expect((await patchConversation(cookie, id, { unread: 2 })).body).toEqual(invalid("unread", "Unread can be set to 0 (mark as read) or 1 (mark as unread)"));
  });

  it("sorts and filters each member's list by their own unread", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const colleague = await memberCookie(organizationId);
    const customer = await makeCustomer(cookie);
    const first = await startWithNote(cookie, customer.id);
    const second = await startWithNote(cookie, customer.id);
    await receive(first);
    await receive(second);
    await receive(second);
    expect((await patchConversation(colleague.cookie, second, { unread: 0 })).status).toBe(200);
    const order = async (who: string, direction: string) =>
      (await listConversations(who, { sort: `unread:${direction}` })).body.items.map((item: { id: string; unread: number }) => [item.id, item.unread]);
    expect(await order(cookie, "desc")).toEqual([[second, 2], [first, 1]]);
    expect(await order(colleague.cookie, "desc")).toEqual([[first, 1], [second, 0]]);
    // A page after the first, by cursor and by skip, reads on in the member's own order.
    const page = await listConversations(colleague.cookie, { sort: "unread:desc", limit: "1" });
    expect((await listConversations(colleague.cookie, { sort: "unread:desc", limit: "1", after: page.body.next })).body.items[0]).toMatchObject({ id: second, unread: 0 });
    expect((await listConversations(colleague.cookie, { sort: "unread:desc", limit: "1", skip: "1" })).body.items[0]).toMatchObject({ id: second, unread: 0 });
    expect((await listConversations(colleague.cookie, { unread: "false" })).body.items.map((item: { id: string }) => item.id)).toEqual([second]);
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

  it("lists the latest activity first by default: a thread with a new reply comes to the top, page after page", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const dora = await makeCustomer(cookie, { name: "Dora Dunn" });
    const oldest = await startWithNote(cookie, dora.id);
    const middle = await startWithNote(cookie, dora.id);
    const newest = await startWithNote(cookie, dora.id);
    await receive(oldest, { content: "Any news on the boiler?" });

    const ids = (res: { body: { items: { id: string }[] } }) => res.body.items.map((item) => item.id);
    expect(ids(await listConversations(cookie))).toEqual([oldest, newest, middle]);
    expect(ids(await listConversations(cookie, { sort: "last_message:asc" }))).toEqual([middle, newest, oldest]);
    const first = await listConversations(cookie, { limit: "2" });
    expect(ids(first)).toEqual([oldest, newest]);
    expect(ids(await listConversations(cookie, { limit: "2", after: first.body.next }))).toEqual([middle]);
  });
});
