import crypto from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { history } from "@/db/schema/activity";
import { conversation, message } from "@/db/schema/conversation";
import { GET as getFile } from "@/app/api/api/file/[id]/route";
import { GET as getOrganization } from "@/app/api/api/organization/[id]/route";
import { POST as rotateToken } from "@/app/api/api/organization/[id]/inbound_token/route";
import { POST as postCustomer } from "@/app/api/api/customer/route";
import { startConversation } from "@/lib/services/conversation";
import { appendMessage } from "@/lib/services/messaging/message-store";
import { receiveMessage, type InboundMessage } from "@/lib/services/messaging/inbound";
import { call, type ApiResponse } from "@/test/api";
import { addLocation, addMember, logInAs, setOrganizationCountry, signUpOrganization } from "@/test/fixtures";
import { inboundAddress, newMessageId, PNG, postEmail, rawEmail } from "@/test/inbound";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { expectResponsiveDuring } from "@/test/responsive";
import { organizationRows } from "@/test/organization-rows";

const mailbox = useSmtpCatcher();

async function organizationWithAddress() {
  const org = await signUpOrganization(mailbox);
  return { ...org, ...(await inboundAddress(org.cookie, org.organizationId)) };
}

/** A conversation with one outgoing email of ours, written the way sending writes it. */
async function sentEmail(organizationId: string, messageId: string, customer: { id: string; name: string } | null = null) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const row = await startConversation(tx, { organizationId, locationId: null, memberId: null, title: "Boiler visit", customer, sources: [] });
    await appendMessage(tx, row, {
      channel: "email",
      direction: "outgoing",
      source: "carla@customer.test",
      title: "Boiler visit",
      content: "We can come on Monday.",
      delivery: "sent",
      messageId,
    });
    return row.id;
  });
}

async function conversationOf(id: string) {
  const db = await getDb();
  return (await db.select().from(conversation).where(eq(conversation.id, id)))[0];
}

async function messagesOf(conversationId: string) {
  const db = await getDb();
  return db.select().from(message).where(eq(message.conversationId, conversationId)).orderBy(asc(message.date), asc(message.id));
}

async function conversationsOf(organizationId: string) {
  const db = await getDb();
  return db.select().from(conversation).where(eq(conversation.organizationId, organizationId)).orderBy(asc(conversation.reference));
}

const accepted = (res: { status: number; body: unknown }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body as { id: string; conversation: string; duplicate: boolean };
};

describe("inbound email: threading, matching, de-duplication", () => {
  it("threads a reply by In-Reply-To into the conversation of our email, counting it unread", async () => {
    const org = await organizationWithAddress();
    const ours = newMessageId();
    const conversationId = await sentEmail(org.organizationId, ours);
    const res = accepted(await postEmail(org.token, rawEmail({ subject: "Re: Boiler visit", inReplyTo: ours, references: [ours], text: "Monday suits me." })));
    expect(res).toMatchObject({ conversation: conversationId, duplicate: false });
    const messages = await messagesOf(conversationId);
    expect(messages.map((row) => [row.direction, row.channel, row.content])).toEqual([
      ["outgoing", "email", "We can come on Monday."],
      ["incoming", "email", "Monday suits me."],
    ]);
    expect(messages[1]).toMatchObject({ authorId: null, source: "carla@customer.test", title: "Re: Boiler visit", inReplyTo: ours, delivery: null });
    expect((await conversationOf(conversationId)).unread).toBe(1);
    expect(await conversationsOf(org.organizationId)).toHaveLength(1);
  });

  it("threads by References when In-Reply-To names nothing known, and by an earlier inbound message", async () => {
    const org = await organizationWithAddress();
    const ours = newMessageId();
    const conversationId = await sentEmail(org.organizationId, ours);
    const first = newMessageId();
    const a = accepted(await postEmail(org.token, rawEmail({ messageId: first, inReplyTo: newMessageId(), references: [ours, newMessageId()] })));
    expect(a.conversation).toBe(conversationId);
    // A second message answering the customer's own earlier one.
    const b = accepted(await postEmail(org.token, rawEmail({ from: "someone.else@elsewhere.test", inReplyTo: first })));
    expect(b.conversation).toBe(conversationId);
    expect((await conversationOf(conversationId)).unread).toBe(2);
  });

  it("stores the same message posted twice once, and counts it unread once", async () => {
    const org = await organizationWithAddress();
    const raw = rawEmail({ subject: "Twice" });
    const first = accepted(await postEmail(org.token, raw));
    const second = accepted(await postEmail(org.token, raw));
    expect(second).toEqual({ id: first.id, conversation: first.conversation, duplicate: true });
    expect(await messagesOf(first.conversation)).toHaveLength(1);
    expect((await conversationOf(first.conversation)).unread).toBe(1);
    // At the same time: one is stored, the other answers as a duplicate.
    const racing = rawEmail({ subject: "Raced" });
    const both = (await Promise.all([postEmail(org.token, racing), postEmail(org.token, racing)])).map(accepted);
    expect(both.map((res) => res.duplicate).sort()).toEqual([false, true]);
    expect(both[0].id).toBe(both[1].id);
    expect(await messagesOf(both[0].conversation)).toHaveLength(1);
    // A message without a Message-ID is known by its bytes.
    const anonymous = rawEmail({ messageId: null, subject: "No id" });
    const c = accepted(await postEmail(org.token, anonymous));
    expect(accepted(await postEmail(org.token, anonymous))).toMatchObject({ id: c.id, duplicate: true });
  });

  it("attaches a message to the customer whose email matches, whatever its case, at the customer's location", async () => {
    const org = await organizationWithAddress();
    const north = await addLocation(org.organizationId);
    const made = await call(postCustomer, "POST", "/customer", { cookie: org.cookie, body: { name: "Mia Miller", email: "Mia.Miller@Example.test" } });
    expect(made.status).toBe(201);
    const db = await getDb();
    const { customer } = await import("@/db/schema/customer");
    await db.update(customer).set({ locationId: north.id }).where(eq(customer.id, made.body.id));
    const a = accepted(await postEmail(org.token, rawEmail({ from: "Mia <MIA.MILLER@EXAMPLE.TEST>", subject: "Kitchen tiles" })));
    const row = await conversationOf(a.conversation);
    expect(row).toMatchObject({ customerId: made.body.id, locationId: north.id, title: "Kitchen tiles", status: "active", unread: 1 });
    expect(row.sources).toEqual([{ type: "email", value: "mia.miller@example.test", name: "Mia" }]);
    expect(row.search).toContain("Mia Miller");
    // Her next message, on another subject, lands in her open email conversation.
    const b = accepted(await postEmail(org.token, rawEmail({ from: "mia.miller@example.test", subject: "Also the bathroom" })));
    expect(b.conversation).toBe(a.conversation);
    expect((await conversationOf(a.conversation)).unread).toBe(2);
  });

  it("opens a conversation without a customer, at organization level, for a stranger", async () => {
    const org = await organizationWithAddress();
    const a = accepted(await postEmail(org.token, rawEmail({ from: "stranger@nowhere.test", subject: "Do you fix chimneys?" })));
    expect(await conversationOf(a.conversation)).toMatchObject({ customerId: null, locationId: null, title: "Do you fix chimneys?", status: "active", unread: 1 });
    const b = accepted(await postEmail(org.token, rawEmail({ from: "other@nowhere.test", subject: "" })));
    expect(b.conversation).not.toBe(a.conversation);
    expect((await conversationOf(b.conversation)).title).toBe("(no subject)");
    const db = await getDb();
    const created = await db.select().from(history).where(and(eq(history.entityType, "conversation"), eq(history.entityId, a.conversation)));
    expect(created).toMatchObject([{ action: "created", memberId: null }]);
  });

  it("keeps the name a stranger gives with their address, on the message and on the conversation's sources", async () => {
    const org = await organizationWithAddress();
    const from = "stan@nowhere.test";
    const first = accepted(await postEmail(org.token, rawEmail({ from, subject: "Do you fix fences?" })));
    expect((await conversationOf(first.conversation)).sources).toEqual([{ type: "email", value: from }]);
    // The same sender names themselves in a later email: the conversation learns the name.
    const again = accepted(await postEmail(org.token, rawEmail({ from: `Stan Stranger <${from}>`, subject: "Re: Do you fix fences?", inReplyTo: (await messagesOf(first.conversation))[0].messageId! })));
    expect(again.conversation).toBe(first.conversation);
    expect((await conversationOf(first.conversation)).sources).toEqual([{ type: "email", value: from, name: "Stan Stranger" }]);
    expect((await messagesOf(first.conversation)).map((row) => row.sourceName)).toEqual([null, "Stan Stranger"]);
  });

  it("re-opens a closed conversation with a reply, and never writes into a removed one", async () => {
    const org = await organizationWithAddress();
    const ours = newMessageId();
    const conversationId = await sentEmail(org.organizationId, ours);
    const db = await getDb();
    await db.update(conversation).set({ status: "closed" }).where(eq(conversation.id, conversationId));
    const a = accepted(await postEmail(org.token, rawEmail({ inReplyTo: ours })));
    expect(a.conversation).toBe(conversationId);
    expect((await conversationOf(conversationId)).status).toBe("active");
    const entries = await db.select().from(history).where(and(eq(history.entityType, "conversation"), eq(history.entityId, conversationId)));
    expect(entries.find((entry) => entry.action === "updated")).toMatchObject({ memberId: null, changes: { status: ["closed", "active"] } });

    await db.update(conversation).set({ status: "removed" }).where(eq(conversation.id, conversationId));
    const b = accepted(await postEmail(org.token, rawEmail({ inReplyTo: ours, subject: "Re: Boiler visit" })));
    expect(b.conversation).not.toBe(conversationId);
    expect(await messagesOf(conversationId)).toHaveLength(2);
    expect(await conversationOf(b.conversation)).toMatchObject({ status: "active", title: "Re: Boiler visit" });
  });
});

describe("inbound email: content", () => {
  it("stores a script-bearing HTML email sanitized, with remote images parked", async () => {
    const org = await organizationWithAddress();
    const html = [
      "<html><head><style>body{background:url(https://track.test/x)}</style><script>alert(1)</script></head><body>",
      '<p onclick="steal()" style="color: red; position: fixed; background: url(https://track.test/bg)">Hello <b>there</b></p>',
      '<img src="https://track.test/pixel.gif" onerror="alert(2)" alt="logo">',
      '<img src="cid:logo@x"><img src="javascript:alert(3)">',
      '<a href="javascript:alert(4)">bad</a> <a href="https://shop.test/quote">quote</a>',
      '<iframe src="https://evil.test"></iframe><form action="https://evil.test"><input name="q"></form><object data="x.swf"></object>',
      '<svg onload="alert(5)"><script>alert(6)</script></svg></body></html>',
    ].join("");
    const a = accepted(await postEmail(org.token, rawEmail({ html, subject: "Newsletter" })));
    const [stored] = await messagesOf(a.conversation);
    const kept = stored.html ?? "";
    for (const banned of ["<script", "alert(", "onerror", "onclick", "onload", "<iframe", "<form", "<input", "<object", "<svg", "<style", "position", "url(", "javascript:", ' src="https://']) {
      expect(kept, banned).not.toContain(banned);
    }
    expect(kept).toContain('<p style="color:red">Hello <b>there</b></p>');
    expect(kept).toContain('<img alt="logo" data-remote-src="https://track.test/pixel.gif" />');
    expect(kept).toContain('<img src="cid:logo@x" />');
    expect(kept).toContain('<a href="https://shop.test/quote" target="_blank" rel="noopener noreferrer">quote</a>');
    // Without a text part the text is derived from the HTML.
    expect(stored.content).toContain("Hello there");
    expect(stored.content).not.toContain("alert");
  });

  it("keeps attachments as files of the organization with their size and type", async () => {
    const org = await organizationWithAddress();
    const notes = new TextEncoder().encode("Measurements: 2.4 m by 3.1 m\n");
    const a = accepted(
      await postEmail(
        org.token,
        rawEmail({
          text: "Photos attached",
          attachments: [
            { name: "boiler.png", type: "image/png", bytes: PNG },
            { name: "notes.txt", type: "text/plain", bytes: notes },
          ],
        }),
      ),
    );
    const [stored] = await messagesOf(a.conversation);
    expect(stored.files).toHaveLength(2);
    const files = await Promise.all(stored.files.map((id) => call(getFile, "GET", `/file/${id}`, { cookie: org.cookie, params: { id } })));
    expect(files.map((res) => [res.status, res.body.name, res.body.mimetype, res.body.size])).toEqual([
      [200, "boiler.png", "image/png", PNG.byteLength],
      [200, "notes.txt", "text/plain", notes.byteLength],
    ]);
  });

  it("shows inline images from the files they were kept as", async () => {
    const org = await organizationWithAddress();
    const a = accepted(
      await postEmail(
        org.token,
        rawEmail({
          html: '<p>The leak: <img src="cid:photo1@phone.test" alt="leak"> and <img src="cid:unknown@phone.test"></p>',
          attachments: [{ name: "leak.png", type: "image/png", bytes: PNG, cid: "photo1@phone.test" }],
        }),
      ),
    );
    const [stored] = await messagesOf(a.conversation);
    expect(stored.files).toHaveLength(1);
    expect(stored.html).toBe(`<p>The leak: <img alt="leak" src="/api/api/file/${stored.files[0]}/download" /> and <img src="cid:unknown@phone.test" /></p>`);
  });

  it("names attachments past the count cap in the text instead of keeping them", async () => {
    const org = await organizationWithAddress();
    const attachments = Array.from({ length: 22 }, (_, index) => ({ name: `photo-${index + 1}.png`, type: "image/png", bytes: PNG }));
    const a = accepted(await postEmail(org.token, rawEmail({ text: "Many photos", attachments })));
    const [stored] = await messagesOf(a.conversation);
    expect(stored.files).toHaveLength(20);
    expect(stored.content).toContain("photo-21.png");
    expect(stored.content).toContain("photo-22.png");
  });

  it("refuses what is not an email with 400 and stores nothing", async () => {
    const org = await organizationWithAddress();
    const before = await organizationRows([org.organizationId]);
    for (const [label, body, message] of [
      ["json", '{"from":"a@b.test","text":"hi"}', "The message has no From address"],
      ["plain words", "hello there, this is not a message", "The message has no From address"],
      ["no sender", rawEmail({ from: null }), "The message has no From address"],
      ["empty", "", "The body is empty: send the raw message as message/rfc822"],
      ["binary", "\u0000\u0001\u0002\u00ff\u00fe", "The message has no From address"],
    ] as const) {
      const res = await postEmail(org.token, body);
      expect({ status: res.status, body: res.body }, label).toEqual({
        status: 400,
        body: { status: 400, message: "This is not an email that can be read", errors: [{ path: "", message }] },
      });
    }
    expect(await organizationRows([org.organizationId])).toEqual(before);
  });

  it("accepts the generic types providers use, and refuses others with 415", async () => {
    const org = await organizationWithAddress();
    for (const type of ["application/octet-stream", "text/plain; charset=utf-8", "message/rfc822"]) accepted(await postEmail(org.token, rawEmail(), { type }));
    const before = await organizationRows([org.organizationId]);
    for (const type of ["application/json", "multipart/form-data; boundary=x", "text/html"]) {
      const res = await postEmail(org.token, rawEmail(), { type });
      expect({ status: res.status, body: res.body }, type).toEqual({
        status: 415,
        body: { status: 415, message: "Send the body as message/rfc822, application/octet-stream, text/plain" },
      });
    }
    expect(await organizationRows([org.organizationId])).toEqual(before);
  });
});

describe("inbound email: the address", () => {
  it("is a 404 that says nothing for an unknown or malformed token", async () => {
    const expected = { status: 404, body: { status: 404, message: "Inbound address not found", resource: "Inbound address" } };
    for (const token of [crypto.randomBytes(32).toString("hex"), "short", "../../etc", crypto.randomUUID()]) {
      const res = await postEmail(token, rawEmail());
      expect({ status: res.status, body: res.body }, token).toEqual(expected);
    }
  });

  it("is shown to admins only, as an absolute URL", async () => {
    const org = await signUpOrganization(mailbox);
    const admin = await inboundAddress(org.cookie, org.organizationId);
    expect(admin.url).toMatch(/^http:\/\/localhost:3000\/api\/api\/inbound\/email\/[0-9a-f]{64}$/);
    for (const privileges of [[], ["customers_manage", "members_manage", "projects_manage"]] as const) {
      const staff = await addMember(org.organizationId, { privileges: [...privileges] });
      const res = await call(getOrganization, "GET", `/organization/${org.organizationId}`, { cookie: await logInAs(staff.email), params: { id: org.organizationId } });
      expect(res.status).toBe(200);
      expect(res.body).not.toHaveProperty("inbound_email_url");
      expect(JSON.stringify(res.body)).not.toContain(admin.token);
    }
  });

  it("rotates: the new address works, the old one is a 404, and history keeps no secret", async () => {
    const org = await organizationWithAddress();
    const res = await call(rotateToken, "POST", `/organization/${org.organizationId}/inbound_token`, { cookie: org.cookie, params: { id: org.organizationId }, body: {} });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["inbound_email_url"]);
    const rotated = res.body.inbound_email_url as string;
    expect(rotated).not.toBe(org.url);
    expect((await inboundAddress(org.cookie, org.organizationId)).url).toBe(rotated);
    expect((await postEmail(org.token, rawEmail())).status).toBe(404);
    accepted(await postEmail(rotated.split("/").at(-1)!, rawEmail()));
    const db = await getDb();
    const entries = await db.select().from(history).where(and(eq(history.entityType, "organization"), eq(history.entityId, org.organizationId)));
    const entry = entries.find((row) => "inbound_email_url" in row.changes);
    expect(entry).toMatchObject({ action: "updated", changes: { inbound_email_url: ["Previous address", "New address"] } });
    expect(JSON.stringify(entries)).not.toContain(org.token);
    expect(JSON.stringify(entries)).not.toContain(rotated.split("/").at(-1));
    // Only admins rotate.
    const staff = await addMember(org.organizationId, { privileges: ["customers_manage", "members_manage"] });
    const refused = await call(rotateToken, "POST", `/organization/${org.organizationId}/inbound_token`, { cookie: await logInAs(staff.email), params: { id: org.organizationId }, body: {} });
    expect(refused.body).toEqual({ status: 403, message: "Permission required", permission: "admin" });
  });

  it("is rate limited per client address", async () => {
    const org = await organizationWithAddress();
    const ip = `10.250.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
    process.env.INBOUND_LIMIT_PER_ADDRESS = "3";
    try {
      for (let i = 0; i < 3; i++) accepted(await postEmail(org.token, rawEmail(), { ip }));
      const res = await postEmail(org.token, rawEmail(), { ip });
      expect(res.status).toBe(429);
      expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
      // Unknown tokens from that address are refused the same way, before any lookup.
      expect((await postEmail(crypto.randomBytes(32).toString("hex"), rawEmail(), { ip })).status).toBe(429);
    } finally {
      delete process.env.INBOUND_LIMIT_PER_ADDRESS;
    }
  });
});

/**
 * The main thread's CPU a request may wait behind while a message of 20 MB or more comes
 * in: taking in and copying its bytes, and collecting that garbage, cost it about 200 ms
 * here. Parsed on the main thread, the same message would hold it for a second or more.
 */
const TWENTY_MEGABYTES_CPU_MS = 500;

describe("inbound email: hostile messages are bounded", () => {
  const nothingKept = async (organizationId: string, attack: () => Promise<ApiResponse>, status: number) => {
    const before = await organizationRows([organizationId]);
    const res = await expectResponsiveDuring(attack);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(await organizationRows([organizationId])).toEqual(before);
    return res;
  };

  it("refuses a message with thousands of nested parts, or a huge header, quickly and without holding other requests", async () => {
    const org = await organizationWithAddress();
    let nested = 'From: a@b.test\r\nContent-Type: multipart/mixed; boundary="b0"\r\n\r\n';
    for (let i = 1; i < 20_000; i++) nested += `--b${i - 1}\r\nContent-Type: multipart/mixed; boundary="b${i}"\r\n\r\n`;
    const parts = await nothingKept(org.organizationId, () => postEmail(org.token, nested), 400);
    expect(parts.body.errors[0].message).toMatch(/^The message could not be parsed/);
    const header = `From: a@b.test\r\nX-Filler: ${"a".repeat(3 * 1024 * 1024)}\r\nSubject: big\r\n\r\nbody\r\n`;
    await nothingKept(org.organizationId, () => postEmail(org.token, header), 400);
    const folded = `From: a@b.test\r\nX-Filler: a${"\r\n a".repeat(400_000)}\r\n\r\nbody\r\n`;
    await nothingKept(org.organizationId, () => postEmail(org.token, folded), 400);
  });

  it("refuses a body above the limit with 413 before parsing it", async () => {
    const org = await organizationWithAddress();
    process.env.INBOUND_EMAIL_MAX_BYTES = String(64 * 1024);
    try {
      const res = await nothingKept(org.organizationId, () => postEmail(org.token, rawEmail({ text: "x".repeat(70 * 1024) })), 413);
      expect(res.body).toEqual({ status: 413, message: "The request body may be at most 0.1 MB" });
    } finally {
      delete process.env.INBOUND_EMAIL_MAX_BYTES;
    }
  });

  it("answers any mangled message with 202 or 400, never a server error, and a 400 keeps nothing", async () => {
    const org = await organizationWithAddress();
    const valid = rawEmail({
      html: '<p>Hi <img src="https://x.test/a.png"></p>',
      text: "Hi",
      inReplyTo: newMessageId(),
      attachments: [{ name: "a.png", type: "image/png", bytes: PNG }],
    });
    const weird = fc.constantFrom("\r\n", "\r\n\r\n", "--", "boundary=", ":", "=?utf-8?B?", "=?utf-8?Q?=FF?=", "<", ">", "\u0000", "\uFFFD", "Content-Type: multipart/mixed; boundary=\"\"\r\n", "From: <>\r\n", "\u202e", "𝄞");
    const mangled = fc.oneof(
      fc.tuple(fc.nat(valid.length), fc.nat(400), fc.array(weird, { maxLength: 6 })).map(([at, cut, inserted]) => valid.slice(0, at) + inserted.join("") + valid.slice(at + cut)),
      fc.string({ maxLength: 300 }),
      fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 300 }).map((codes) => String.fromCharCode(...codes)),
    );
    await fc.assert(
      fc.asyncProperty(mangled, async (body) => {
        const before = await organizationRows([org.organizationId]);
        const res = await postEmail(org.token, body);
        expect([202, 400], JSON.stringify(res.body)).toContain(res.status);
        if (res.status === 400) expect(await organizationRows([org.organizationId])).toEqual(before);
      }),
      { seed: 20261123, numRuns: 60 },
    );
  });

  it("keeps a large message with deep HTML, a long text and a big attachment, without holding other requests", async () => {
    const org = await organizationWithAddress();
    const html = `<p>Start</p>${"<div><b>".repeat(200_000)}deep${"</b></div>".repeat(1000)}`;
    const text = `${"Lots of words here. ".repeat(500_000)}`;
    const big = new Uint8Array(8 * 1024 * 1024).fill(7);
    const raw = rawEmail({ html, text, attachments: [{ name: "scan.bin", type: "application/octet-stream", bytes: big }] });
    expect(raw.length).toBeGreaterThan(20 * 1024 * 1024);
    // The bytes a provider would send, made before the clock starts: building them is the sender's work, not the server's.
    const bytes = new TextEncoder().encode(raw);
    const res = await expectResponsiveDuring(() => postEmail(org.token, bytes), TWENTY_MEGABYTES_CPU_MS);
    const stored = (await messagesOf(accepted(res).conversation))[0];
    expect(stored.content.length).toBe(100_000);
    expect(stored.html!.length).toBeLessThan(200 * 1024);
    expect(stored.html).toContain("<p>Start</p>");
    expect(stored.files).toHaveLength(1);
  });
});

describe("inbound email: parsed off the event loop", () => {
  it("reads a 23 MB message in a parse worker, without holding other requests", async () => {
    const org = await organizationWithAddress();
    // Quoted-printable text in 76-character lines, each ending in a soft line break: one paragraph of 23 MB.
    const line = `${"Caf=C3=A9 au lait ".repeat(4).slice(0, 75)}=\r\n`;
    const body = line.repeat(Math.ceil((23 * 1024 * 1024) / line.length));
    const headers = ["From: Carla Customer <carla@customer.test>", "To: shop@inbound.test", "Subject: Long report", `Message-ID: ${newMessageId()}`, "MIME-Version: 1.0"];
    const raw = [...headers, "Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: quoted-printable", "", body].join("\r\n");
    // The bytes a provider would send, made before the clock starts.
    const bytes = new TextEncoder().encode(raw);
    expect(bytes.byteLength).toBeGreaterThan(23 * 1024 * 1024);
    const res = await expectResponsiveDuring(() => postEmail(org.token, bytes), TWENTY_MEGABYTES_CPU_MS);
    const stored = (await messagesOf(accepted(res).conversation))[0];
    expect(stored.title).toBe("Long report");
    expect(stored.content.length).toBe(100_000);
    expect(stored.content.startsWith("Café au lait Café")).toBe(true);
  });

  it("refuses a message that takes longer to read than a parse worker may, saying why, and reads the next one", async () => {
    const org = await organizationWithAddress();
    const before = await organizationRows([org.organizationId]);
    // Far less time than reading 9 MB takes on any machine, warm worker or not.
    process.env.PARSE_TIMEOUT_MS = "5";
    let res: ApiResponse;
    try {
      res = await postEmail(org.token, rawEmail({ html: "<p>Hi</p>".repeat(1_000_000) }));
    } finally {
      delete process.env.PARSE_TIMEOUT_MS;
    }
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      status: 400,
      message: "This is not an email that can be read",
      errors: [{ path: "", message: "The message could not be parsed: it takes longer than 5 ms to read" }],
    });
    expect(await organizationRows([org.organizationId])).toEqual(before);
    accepted(await postEmail(org.token, rawEmail()));
  });
});

describe("receiveMessage: the same path for text messages", () => {
  const sms = (values: Partial<InboundMessage>): InboundMessage => ({
    channel: "sms",
    from: "+441134960000",
    to: "+441134960999",
    subject: "",
    text: "Running late, there at 10",
    html: null,
    messageId: null,
    inReplyTo: null,
    references: [],
    providerId: `SM${crypto.randomUUID().replaceAll("-", "")}`,
    threadId: null,
    date: new Date(),
    attachments: [{ name: "picture-message-1.png", bytes: PNG }],
    ...values,
  });

  it("matches the customer by phone however it was written, threads into the open SMS conversation, and de-duplicates by provider id", async () => {
    const org = await signUpOrganization(mailbox);
    await setOrganizationCountry(org.organizationId, "GB");
    const made = await call(postCustomer, "POST", "/customer", { cookie: org.cookie, body: { name: "Tom Tiler", phone: "0113 496 0000" } });
    expect(made.status).toBe(201);
    const db = await getDb();
    const first = sms({});
    const a = await receiveMessage(db, org.organizationId, first);
    expect(a.duplicate).toBe(false);
    expect(a.conversation).toMatchObject({ customerId: made.body.id, title: "Text messages with +441134960000" });
    expect(a.message).toMatchObject({ channel: "sms", direction: "incoming", source: "+441134960000", files: [expect.any(String)], providerId: first.providerId });
    const b = await receiveMessage(db, org.organizationId, sms({ text: "Actually 11" }));
    expect(b.conversation.id).toBe(a.conversation.id);
    // The same provider message delivered three times at once is stored once.
    const again = await Promise.all([first, first, first].map((inbound) => receiveMessage(db, org.organizationId, inbound)));
    expect(again.every((result) => result.duplicate && result.message.id === a.message.id)).toBe(true);
    expect(await messagesOf(a.conversation.id)).toHaveLength(2);
    expect((await conversationOf(a.conversation.id)).unread).toBe(2);
    expect((await conversationOf(a.conversation.id)).sources).toEqual([{ type: "sms", value: "+441134960000" }]);
  });

  it("stores one message when two copies with different provider ids share a Message-ID", async () => {
    const org = await signUpOrganization(mailbox);
    const db = await getDb();
    const messageId = newMessageId();
    const email = (providerId: string): InboundMessage => ({
      ...sms({}),
      channel: "email",
      from: "carla@customer.test",
      subject: "Synced twice",
      messageId,
      providerId,
      attachments: [],
    });
    const results = await Promise.all([receiveMessage(db, org.organizationId, email("gmail-1")), receiveMessage(db, org.organizationId, email("gmail-2"))]);
    expect(results.map((result) => result.duplicate).sort()).toEqual([false, true]);
    expect(await messagesOf(results[0].conversation.id)).toHaveLength(1);
  });
});
