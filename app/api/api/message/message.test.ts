import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { message } from "@/db/schema/conversation";
import { file } from "@/db/schema/file";
import { GET as getFile } from "@/app/api/api/file/[id]/route";
import { POST as uploadFile } from "@/app/api/api/file/route";
import { deliveriesSettled } from "@/lib/services/messaging/delivery";
import { call, uniqueEmail } from "@/test/api";
import { invalid, notFound } from "@/test/answers";
import {
  conversationRow,
  getConversation,
  listMessages,
  makeCustomer,
  messageRow,
  patchConversation,
  postMessage,
  receive,
  shareCustomer,
  startWithNote,
} from "@/test/conversations";
import { addLocation, addMember, logInAs, setOrganizationCountry, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();
afterAll(() => deliveriesSettled());

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1]);
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");

function messageForm(fields: Record<string, string>, files: File[] = []) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const part of files) form.append("files", part);
  return form;
}

async function organizationWithConversation() {
  const org = await signUpOrganization(mailbox);
  const customer = await makeCustomer(org.cookie, { name: "Dora Dunn" });
  const id = await startWithNote(org.cookie, customer.id);
  return { ...org, customer, id };
}

describe("GET /message", () => {
  it("lists oldest first and, past the limit, the newest messages", async () => {
    const { cookie, id } = await organizationWithConversation();
    const start = Date.parse("2030-01-01T10:00:00Z");
    // Arrived out of order: the list follows their dates.
    for (const minute of [3, 1, 4, 2, 5]) await receive(id, { content: `minute ${minute}`, date: new Date(start + minute * 60_000) });
    const all = await listMessages(cookie, [id]);
    expect(all.body.items.map((item: { type: { content: string } }) => item.type.content)).toEqual([
      "First note",
      "minute 1",
      "minute 2",
      "minute 3",
      "minute 4",
      "minute 5",
    ]);
    const newest = await listMessages(cookie, [id], 3);
    expect(newest.body.items.map((item: { type: { content: string } }) => item.type.content)).toEqual(["minute 3", "minute 4", "minute 5"]);
    expect(all.body.items[1]).toMatchObject({
      author: null,
      conversation: id,
      type: { id: "email", direction: "incomming", source: "carla@example.test", title: "Hello", html: null, files: [] },
      delivery: null,
    });
    expect(all.body.items[0]).toMatchObject({ type: { id: "note", direction: "outgoing", source: "", title: "" }, delivery: null });
    expect((await listMessages(cookie, [id], 1001)).body).toEqual(invalid("limit", "Limit must be at most 1000"));
  });

  it("answers 404 for a conversation the session cannot see", async () => {
    const { cookie, organizationId, id } = await organizationWithConversation();
    const other = await signUpOrganization(mailbox, "Other Co");
    expect((await listMessages(other.cookie, [id])).body).toEqual(notFound("Conversation"));
    const south = await addLocation(organizationId, "South");
    const staff = await addMember(organizationId, { locationId: south.id });
    const southCookie = await logInAs(staff.email);
    expect((await listMessages(southCookie, [id])).body).toEqual(notFound("Conversation"));
    // One hidden conversation among visible ones is refused as a whole.
    const visible = await startWithNote(southCookie, (await makeCustomer(cookie, { sharing: { default: "view" } })).id);
    expect((await listMessages(southCookie, [visible])).status).toBe(200);
    expect((await listMessages(southCookie, [visible, id])).body).toEqual(notFound("Conversation"));
    expect((await listMessages(cookie, [])).status).toBe(400);
  });
});

describe("POST /message", () => {
  it("writes a note with files already uploaded, and refuses files that are not the organization's", async () => {
    const { cookie, id } = await organizationWithConversation();
    const form = new FormData();
    form.set("file", new File([PNG], "plan.png", { type: "image/png" }));
    const uploaded = (await call(uploadFile, "POST", "/file", { cookie, body: form })).body.id as string;
    const res = await postMessage(cookie, { conversation: id, type: { id: "note", content: "See the plan" }, files: [uploaded] });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), conversation: id });
    expect((await messageRow(res.body.id)).files).toEqual([uploaded]);

    const other = await signUpOrganization(mailbox, "Other Co");
    form.set("file", new File([PNG], "theirs.png", { type: "image/png" }));
    const theirs = (await call(uploadFile, "POST", "/file", { cookie: other.cookie, body: form })).body.id as string;
    const refused = await postMessage(cookie, { conversation: id, type: { id: "note", content: "Theirs" }, files: [uploaded, theirs] });
    expect(refused.body).toEqual(invalid("files.1", "This file does not exist"));
    const db = await getDb();
    await db.update(file).set({ removed: true }).where(eq(file.id, uploaded));
    expect((await postMessage(cookie, { conversation: id, type: { id: "note", content: "Removed" }, files: [uploaded] })).body).toEqual(
      invalid("files.0", "This file does not exist"),
    );
    expect((await postMessage(cookie, { conversation: id, type: { id: "sms", source: "+442079460000", content: "Hi" }, files: [theirs] })).body).toEqual(
      invalid("files", "Text messages carry no files"),
    );
  });

  it("takes multipart: attachments become files of their real size and type", async () => {
    const { cookie, id } = await organizationWithConversation();
    const form = messageForm({ conversation: id, type: JSON.stringify({ id: "note", content: "Photos from the visit" }) }, [
      new File([PNG], "boiler.png", { type: "application/octet-stream" }),
      new File([PDF], "quote.pdf", { type: "application/pdf" }),
    ]);
    const res = await postMessage(cookie, form);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const row = await messageRow(res.body.id);
    expect(row.files).toHaveLength(2);
    const details = await Promise.all(row.files.map(async (fileId) => (await call(getFile, "GET", `/file/${fileId}`, { cookie, params: { id: fileId } })).body));
    expect(details.map(({ name, mimetype, size }) => ({ name, mimetype, size }))).toEqual([
      { name: "boiler.png", mimetype: "image/png", size: PNG.length },
      { name: "quote.pdf", mimetype: "application/pdf", size: PDF.length },
    ]);
    const listed = await listMessages(cookie, [id]);
    expect(listed.body.items.at(-1).type.files).toEqual(row.files);
  });

  it("checks multipart fields like JSON ones, and stores nothing when it refuses", async () => {
    const { cookie, id, organizationId } = await organizationWithConversation();
    const png = () => new File([PNG], "a.png", { type: "image/png" });
    const cases: [FormData, object][] = [
      [messageForm({ conversation: id, type: "{not json" }), invalid("type", 'Type must be JSON text, like {"id":"note","content":"…"}')],
      [
        messageForm({ conversation: id, type: JSON.stringify({ id: "sms", source: "+442079460000", content: "Hi" }) }, [png()]),
        invalid("files", "Text messages carry no files"),
      ],
      [messageForm({ conversation: id, type: JSON.stringify({ id: "note", content: "" }) }), invalid("type.content", "Required")],
      [messageForm({ conversation: id, type: JSON.stringify({ id: "note", content: "x" }), extra: "1" }), invalid("", "Unknown field: extra")],
      [
        messageForm({ conversation: id, type: JSON.stringify({ id: "note", content: "x" }) }, Array.from({ length: 21 }, png)),
        invalid("files", "At most 20 files"),
      ],
      [messageForm({ conversation: id, type: JSON.stringify({ id: "note", content: "x" }) }, [new File([], "empty.txt")]), invalid("files.0", "The file is empty")],
    ];
    const db = await getDb();
    const filesBefore = await db.select().from(file).where(eq(file.organizationId, organizationId));
    for (const [form, expected] of cases) expect((await postMessage(cookie, form)).body).toEqual(expected);
    expect(await db.select().from(file).where(eq(file.organizationId, organizationId))).toEqual(filesBefore);
    expect(await db.select().from(message).where(eq(message.conversationId, id))).toHaveLength(1);
  });

  it("starts a conversation with a customer, where the customer lives and shared as it is, titled by channel", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const north = await addLocation(organizationId, "North");
    // Staff write to the customer's own email and phone.
    const address = uniqueEmail("eli");
    const customer = await makeCustomer(cookie, { name: "Eli Evans", email: address, phone: "+44 20 7946 0000", sharing: { default: "view" } });
    const staff = await addMember(organizationId, { locationId: north.id });
    const staffCookie = await logInAs(staff.email);
    const email = await postMessage(staffCookie, { customer: customer.id, type: { id: "email", source: address, title: "Your quote", content: "Attached." } });
    expect(email.status, JSON.stringify(email.body)).toBe(201);
    const started = await getConversation(staffCookie, email.body.conversation);
    expect(started.body).toMatchObject({
      reference: "C-1001",
      title: "Your quote",
      status: "active",
      unread: 0,
      customer: customer.id,
      sources: [{ type: "email", value: address }],
      // The customer is the organization's, seen everywhere: so is the conversation North started with it.
      location: null,
      sharing: { default: "view", locations: [] },
    });
    expect((await messageRow(email.body.id)).delivery).toBe("queued");
    const sms = await postMessage(staffCookie, { customer: customer.id, type: { id: "sms", source: "+44 20 7946 0000", content: "Running late" } });
    expect((await getConversation(staffCookie, sms.body.conversation)).body).toMatchObject({
      reference: "C-1002",
      title: "Text messages with Eli Evans",
      sources: [{ type: "sms", value: "+442079460000" }],
    });
    const note = await postMessage(staffCookie, { customer: customer.id, type: { id: "note", content: "Prefers mornings" } });
    expect((await getConversation(staffCookie, note.body.conversation)).body).toMatchObject({ reference: "C-1003", title: "Notes on Eli Evans", sources: [] });
    expect((await messageRow(note.body.id)).delivery).toBeNull();
    expect((await conversationRow(note.body.conversation)).search).toBe("C-1003 Notes on Eli Evans Eli Evans");
    await deliveriesSettled();
  });

  it("texts the numbers a customer's phone takes, drama numbers included, written with their country code", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    await setOrganizationCountry(organizationId, "GB");
    const customer = await makeCustomer(cookie, { name: "Dee Drama", phone: "07700 900123" });
    const sms = await postMessage(cookie, { customer: customer.id, type: { id: "sms", source: "+44 7700 900123", content: "On our way" } });
    expect(sms.status, JSON.stringify(sms.body)).toBe(201);
    expect((await messageRow(sms.body.id)).source).toBe("+447700900123");
    for (const source of ["07700 900123", "+44 0113 496"]) {
      const refused = await postMessage(cookie, { customer: customer.id, type: { id: "sms", source, content: "On our way" } });
      expect(refused.body, source).toEqual(invalid("type.source", "Enter a phone number with its country code, like +49 30 1234567"));
    }
    await deliveriesSettled();
  });

  it("refuses customers that cannot be written to, and a conversation and a customer together", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const note = { id: "note", content: "Hello" };
    const removed = await makeCustomer(cookie, { status: "removed" });
    expect((await postMessage(cookie, { customer: removed.id, type: note })).body).toEqual(invalid("customer", "This customer has been removed"));
    const south = await addLocation(organizationId, "South");
    const hidden = await makeCustomer(cookie);
    const staff = await addMember(organizationId, { locationId: south.id });
    const southCookie = await logInAs(staff.email);
    expect((await postMessage(southCookie, { customer: hidden.id, type: note })).body).toEqual(invalid("customer", "This customer does not exist"));
    const other = await signUpOrganization(mailbox, "Other Co");
    expect((await postMessage(other.cookie, { customer: hidden.id, type: note })).body).toEqual(invalid("customer", "This customer does not exist"));
    const id = await startWithNote(cookie, hidden.id);
    expect((await postMessage(cookie, { conversation: id, customer: hidden.id, type: note })).body).toEqual(
      invalid("conversation", "Give a conversation or a customer, not both"),
    );
    expect((await postMessage(other.cookie, { conversation: id, type: note })).body).toEqual(notFound("Conversation"));
    expect((await postMessage(southCookie, { conversation: id, type: note })).body).toEqual(notFound("Conversation"));
  });

  it("lets anyone who sees a conversation write, and refuses closed and removed conversations", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const south = await addLocation(organizationId, "South");
    const customer = await makeCustomer(cookie);
    const id = await startWithNote(cookie, customer.id);
    await shareCustomer(cookie, customer.id, { default: "view" });
    const staff = await addMember(organizationId, { locationId: south.id });
    const viewer = await logInAs(staff.email);
    const note = { id: "note", content: "From South" };
    expect((await postMessage(viewer, { conversation: id, type: note })).status).toBe(201);

    await patchConversation(cookie, id, { status: "closed" });
    expect((await postMessage(viewer, { conversation: id, type: note })).body).toEqual({
      status: 409,
      message: "Conflict",
      details: "Conversation C-1001 is closed: re-open it to write in it",
    });
    await patchConversation(cookie, id, { status: "active" });
    await patchConversation(cookie, id, { status: "removed" });
    expect((await postMessage(cookie, { conversation: id, type: note })).body.details).toBe(
      "Conversation C-1001 has been removed: restore it from its details to write in it",
    );
    const db = await getDb();
    expect(await db.select().from(message).where(eq(message.conversationId, id))).toHaveLength(2);
  });
});
