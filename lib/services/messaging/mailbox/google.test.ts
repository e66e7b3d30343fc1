import crypto from "node:crypto";
import MailComposer from "nodemailer/lib/mail-composer";
import type Mail from "nodemailer/lib/mailer";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { InboundMessage } from "../inbound";
import { consent, GOOGLE_CLIENT, useFakeGoogle } from "@/test/google";
import { GOOGLE_SCOPES, googleMailbox as google } from "./google";
import { GmailThrottled } from "./google-mail";
import { GrantRevoked, type Credentials } from "./provider";

let fake: Awaited<ReturnType<typeof useFakeGoogle>>;
beforeAll(async () => {
  fake = await useFakeGoogle();
});
afterAll(async () => {
  await fake.close();
});

const REDIRECT = "https://app.example.test/organization/integrations";
const s256 = (verifier: string) => crypto.createHash("sha256").update(verifier).digest("base64url");
const verifier = () => crypto.randomBytes(32).toString("base64url");

/** Connects as the admin would: authorization URL, consent at the fake, code exchange. */
async function connect() {
  const codeVerifier = verifier();
  const state = crypto.randomBytes(16).toString("base64url");
  const back = await consent(await google.authorizationUrl({ state, redirectUri: REDIRECT, codeVerifier }));
  expect(back.searchParams.get("state")).toBe(state);
  return google.exchangeCode({ code: back.searchParams.get("code")!, redirectUri: REDIRECT, codeVerifier });
}

async function token(credentials: Credentials) {
  return (await google.accessToken(credentials)).accessToken;
}

async function collect(accessToken: string, cursor: string | null) {
  const received: InboundMessage[] = [];
  const next = await google.sync(accessToken, cursor, async (message) => {
    received.push(message);
  });
  return { received, next };
}

/** A connected mailbox's token and the cursor after its first sync, so a test reads only what it delivers next. */
async function synced() {
  const { credentials } = await connect();
  const accessToken = await token(credentials);
  const { next } = await collect(accessToken, null);
  return { credentials, accessToken, cursor: next };
}

const customer = () => `${crypto.randomUUID().slice(0, 8)}@customer.test`;
const newId = () => `<${crypto.randomUUID()}@customer.test>`;

/** An RFC 822 message as a mail program writes it. */
async function rfc822(options: Mail.Options & { messageId?: string }) {
  const mime = await new MailComposer({ to: fake.state.user.email, date: new Date(), ...options }).compile().build();
  return mime.toString("utf8");
}

type Delivered = { id: string; threadId: string; messageId: string | null; historyId: string };
async function deliver(message: { raw: string; threadId?: string; labelIds?: string[]; date?: string }): Promise<Delivered> {
  const res = await fetch(`${fake.url}/__fake/messages`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(message) });
  expect(res.status).toBe(200);
  return (await res.json()) as Delivered;
}
const mail = async (options: Mail.Options & { messageId?: string }, extra: { labelIds?: string[]; date?: string } = {}) => deliver({ raw: await rfc822(options), ...extra });

describe("Google mailbox: consent and tokens", () => {
  test("the authorization URL asks Google for offline access to exactly the Gmail scopes, with consent, PKCE and the state", async () => {
    const codeVerifier = verifier();
    const url = new URL(await google.authorizationUrl({ state: "state-123", redirectUri: REDIRECT, codeVerifier }));
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/o/oauth2/v2/auth`);
    expect((url.searchParams.get("scope") ?? "").split(" ").sort()).toEqual([
      "https://www.googleapis.com/auth/gmail.labels",
      "https://www.googleapis.com/auth/gmail.readonly",
      "https://www.googleapis.com/auth/gmail.send",
    ]);
    expect(url.searchParams.get("access_type")).toBe("offline");
    expect(url.searchParams.get("prompt")).toBe("select_account consent");
    expect(url.searchParams.get("include_granted_scopes")).toBeNull();
    expect(url.searchParams.get("state")).toBe("state-123");
    expect(url.searchParams.get("redirect_uri")).toBe(REDIRECT);
    expect(url.searchParams.get("response_type")).toBe("code");
    expect(url.searchParams.get("client_id")).toBe(GOOGLE_CLIENT.id);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toBe(s256(codeVerifier));
  });

  test("the provider is configured only with both halves of the client", () => {
    expect(google.configured()).toBe(true);
    const secret = process.env.GOOGLE_CLIENT_SECRET;
    try {
      process.env.GOOGLE_CLIENT_SECRET = " ";
      expect(google.configured()).toBe(false);
    } finally {
      process.env.GOOGLE_CLIENT_SECRET = secret;
    }
  });

  test("the code is redeemed once, on the server, for the mailbox's address and a token set with a refresh token", async () => {
    const codeVerifier = verifier();
    const back = await consent(await google.authorizationUrl({ state: "s", redirectUri: REDIRECT, codeVerifier }));
    // Google's redirect names the granted scopes: the Integrations screen tells the provider by them.
    expect(back.searchParams.get("scope")).toContain("https://www.googleapis.com/auth/gmail.send");
    const before = Date.now();
    const { email, credentials } = await google.exchangeCode({ code: back.searchParams.get("code")!, redirectUri: REDIRECT, codeVerifier });
    expect(email).toBe(fake.state.user.email);
    expect(Object.keys(credentials).sort()).toEqual(["access_token", "expiry_date", "refresh_token"]);
    expect(credentials.refresh_token).toMatch(/^1\/\/.+/);
    expect(credentials.access_token).toMatch(/^ya29\./);
    expect(credentials.expiry_date).toBeGreaterThanOrEqual(before + 3590_000);
    expect(fake.state.grants.at(-1)?.grant_type).toBe("authorization_code");

    await expect(google.exchangeCode({ code: back.searchParams.get("code")!, redirectUri: REDIRECT, codeVerifier })).rejects.toThrow(
      /Google did not accept the authorization: Malformed auth code/,
    );
  });

  test("a wrong verifier or another redirect address is refused", async () => {
    const codeVerifier = verifier();
    let back = await consent(await google.authorizationUrl({ state: "s", redirectUri: REDIRECT, codeVerifier }));
    await expect(google.exchangeCode({ code: back.searchParams.get("code")!, redirectUri: REDIRECT, codeVerifier: verifier() })).rejects.toThrow(
      /Google did not accept the authorization: Invalid code verifier/,
    );
    back = await consent(await google.authorizationUrl({ state: "s", redirectUri: REDIRECT, codeVerifier }));
    await expect(
      google.exchangeCode({ code: back.searchParams.get("code")!, redirectUri: "https://elsewhere.example/cb", codeVerifier }),
    ).rejects.toThrow(/Google did not accept the authorization/);
  });

  test("a consent that leaves a permission unticked is refused, and the partial grant revoked", async () => {
    fake.state.grantScopes = GOOGLE_SCOPES.filter((scope) => !scope.endsWith("gmail.send"));
    const revoked = fake.state.revoked.length;
    try {
      await expect(connect()).rejects.toThrow(/did not grant every permission the mailbox needs \(missing: send\)/);
      expect(fake.state.revoked.length).toBe(revoked + 1);
    } finally {
      fake.state.grantScopes = null;
    }
  });

  test("a fresh access token is used as it is; one within five minutes of expiry is refreshed", async () => {
    const fresh = await connect();
    const grants = fake.state.grants.length;
    const again = await google.accessToken(fresh.credentials);
    expect(fake.state.grants.length).toBe(grants);
    expect(again).toEqual({ accessToken: fresh.credentials.access_token, credentials: fresh.credentials });

    fake.state.accessTokenSeconds = 240;
    try {
      const short = await connect();
      const refreshed = await google.accessToken(short.credentials);
      expect(fake.state.grants.at(-1)?.grant_type).toBe("refresh_token");
      expect(refreshed.accessToken).not.toBe(short.credentials.access_token);
      expect(refreshed.credentials).toEqual({
        refresh_token: short.credentials.refresh_token,
        access_token: refreshed.accessToken,
        expiry_date: expect.any(Number),
      });
      // The new token works at Gmail.
      await expect(collect(refreshed.accessToken, null)).resolves.toMatchObject({ next: expect.stringMatching(/^\d+$/) });
    } finally {
      fake.state.accessTokenSeconds = 3600;
    }
  });

  test("a refresh token Google rotates is kept", async () => {
    fake.state.accessTokenSeconds = 60;
    fake.state.rotateRefreshTokens = true;
    try {
      const { credentials } = await connect();
      const first = await google.accessToken(credentials);
      expect(first.credentials.refresh_token).not.toBe(credentials.refresh_token);
      // The kept one serves the next refresh; the old one no longer would.
      const second = await google.accessToken(first.credentials);
      expect(second.credentials.refresh_token).not.toBe(first.credentials.refresh_token);
      await expect(google.accessToken(credentials)).rejects.toBeInstanceOf(GrantRevoked);
    } finally {
      fake.state.rotateRefreshTokens = false;
      fake.state.accessTokenSeconds = 3600;
    }
  });

  test("invalid_grant from the token endpoint is a revoked grant; so are credentials without a refresh token", async () => {
    fake.state.accessTokenSeconds = 60;
    try {
      const { credentials } = await connect();
      const res = await fetch(`${fake.url}/__fake/invalidate`, { method: "POST" });
      expect(res.status).toBe(200);
      const error = await google.accessToken(credentials).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(GrantRevoked);
      expect((error as Error).message).toMatch(/Token has been expired or revoked/);
    } finally {
      fake.state.invalidated = false;
      fake.state.accessTokenSeconds = 3600;
    }
    await expect(google.accessToken({})).rejects.toBeInstanceOf(GrantRevoked);
    await expect(google.accessToken({ access_token: "ya29.x", expiry_date: Date.now() + 3600_000 })).rejects.toBeInstanceOf(GrantRevoked);
  });

  test("a wrong client secret is a server configuration error, not a revoked grant", async () => {
    fake.state.accessTokenSeconds = 60;
    const secret = process.env.GOOGLE_CLIENT_SECRET;
    try {
      const { credentials } = await connect();
      process.env.GOOGLE_CLIENT_SECRET = "not-the-secret";
      const error = await google.accessToken(credentials).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(GrantRevoked);
      expect((error as Error).message).toMatch(/did not renew the connection's access: Unauthorized/);
    } finally {
      process.env.GOOGLE_CLIENT_SECRET = secret;
      fake.state.accessTokenSeconds = 3600;
    }
  });
});

describe("Google mailbox: inbox sync", () => {
  test("the first sync reads the newest fifty inbox messages of the last week, oldest first, and gives the history id as cursor", async () => {
    const { credentials } = await connect();
    const accessToken = await token(credentials);
    const from = customer();
    const old = await mail({ from, subject: "Last month", text: "old" }, { date: new Date(Date.now() - 30 * 86400_000).toISOString() });
    const delivered: Delivered[] = [];
    for (let i = 0; i < 55; i += 1) delivered.push(await mail({ from, subject: `Message ${i}`, text: `number ${i}` }, { date: new Date(Date.now() - (55 - i) * 1000).toISOString() }));
    const historyId = fake.state.historyId;

    const { received, next } = await collect(accessToken, null);
    expect(received.map((message) => message.subject)).toEqual(Array.from({ length: 50 }, (_, i) => `Message ${i + 5}`));
    expect(received.map((message) => message.providerId)).not.toContain(old.id);
    expect(next).toBe(String(historyId));
    const list = fake.state.gmail.findLast((request) => request.path === "/gmail/v1/users/me/messages")!;
    expect(list.query).toMatchObject({ labelIds: "INBOX", q: "newer_than:7d", maxResults: "50" });
    expect(fake.state.gmail.filter((request) => request.query.format === "raw" && request.path.endsWith(delivered[0].id))).toEqual([]);
  });

  test("the next sync reads only what is new, with Gmail's ids, the sanitized HTML, attachments and threading headers", async () => {
    const { accessToken, cursor } = await synced();
    const from = customer();
    const first = await mail({ from: `"Mia Miller" <${from}>`, subject: "Leaking radiator", text: "The radiator in the hall is leaking.", messageId: newId() });
    const own = await mail({ from: fake.state.user.email, subject: "Sent to ourselves", text: "ours" });
    const sentOnly = await mail({ from: fake.state.user.email, to: from, subject: "Our earlier answer", text: "sent" }, { labelIds: ["SENT"] });
    const draft = await mail({ from, subject: "A draft", text: "draft" }, { labelIds: ["INBOX", "DRAFT"] });
    const rich = await mail({
      from,
      subject: "Photos",
      html: '<p>See <b>photos</b><img src="cid:img1@x"></p><script>alert(1)</script><a href="javascript:alert(2)" onclick="x()">link</a>',
      inReplyTo: first.messageId!,
      references: [first.messageId!],
      attachments: [
        { filename: "quote.pdf", content: Buffer.from("%PDF-1.4 quote"), contentType: "application/pdf" },
        { filename: "photo.png", content: Buffer.from("png bytes"), contentType: "image/png", cid: "img1@x" },
      ],
    });

    const { received, next } = await collect(accessToken, cursor);
    expect(received.map((message) => message.providerId)).toEqual([first.id, rich.id]);
    for (const skipped of [own, sentOnly, draft]) expect(received.map((message) => message.providerId)).not.toContain(skipped.id);
    const history = fake.state.gmail.findLast((request) => request.path === "/gmail/v1/users/me/history")!;
    expect(history.query).toMatchObject({ startHistoryId: cursor, historyTypes: "messageAdded", labelId: "INBOX" });

    expect(received[0]).toMatchObject({
      channel: "email",
      from,
      fromName: "Mia Miller",
      to: fake.state.user.email,
      subject: "Leaking radiator",
      text: "The radiator in the hall is leaking.",
      html: null,
      messageId: first.messageId,
      providerId: first.id,
      threadId: first.threadId,
      attachments: [],
    });
    const photos = received[1];
    expect(photos.threadId).toBe(first.threadId);
    expect(photos.inReplyTo).toBe(first.messageId);
    expect(photos.references).toEqual([first.messageId]);
    expect(photos.html).toContain("<b>photos</b>");
    expect(photos.html).toContain('src="cid:img1@x"');
    expect(photos.html).not.toMatch(/script|alert\(1\)|javascript:|onclick/);
    expect(photos.text).toContain("See photos");
    const files = photos.attachments.map((file) => ({ name: file.name, bytes: Buffer.from(file.bytes).toString(), cid: file.cid }));
    expect(files.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: "photo.png", bytes: "png bytes", cid: "img1@x" },
      { name: "quote.pdf", bytes: "%PDF-1.4 quote", cid: null },
    ]);

    const later = await mail({ from, subject: "Re: Leaking radiator", text: "Any news?", inReplyTo: first.messageId!, references: [first.messageId!] });
    const second = await collect(accessToken, next);
    expect(second.received.map((message) => message.providerId)).toEqual([later.id]);
    expect(second.received[0].threadId).toBe(first.threadId);
    const third = await collect(accessToken, second.next);
    expect(third.received).toEqual([]);
    expect(third.next).toBe(second.next);
  });

  test("a message that is not an email is skipped without stopping the ones after it", async () => {
    const { accessToken, cursor } = await synced();
    const broken = await deliver({ raw: "this is not a message at all, no headers, no sender" });
    const from = customer();
    const good = await mail({ from, subject: "Still here", text: "hello" });
    const { received } = await collect(accessToken, cursor);
    expect(received.map((message) => message.providerId)).toEqual([good.id]);
    expect(received.map((message) => message.providerId)).not.toContain(broken.id);
  });

  test("a message larger than the server reads is kept as its headers and a note, not read in full", async () => {
    const { accessToken, cursor } = await synced();
    const from = customer();
    const big = await mail({
      from,
      subject: "Huge scans",
      text: "see attached",
      messageId: newId(),
      attachments: [{ filename: "scan.tif", content: crypto.randomBytes(256 * 1024) }],
    });
    const kept = process.env.INBOUND_EMAIL_MAX_BYTES;
    process.env.INBOUND_EMAIL_MAX_BYTES = String(16 * 1024);
    try {
      const { received } = await collect(accessToken, cursor);
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({ from, subject: "Huge scans", messageId: big.messageId, providerId: big.id, threadId: big.threadId, attachments: [] });
      const megabytes = Math.round((fake.state.messages.find((message) => message.id === big.id)!.raw.length / 1024 / 1024) * 10) / 10;
      expect(received[0].text).toBe(`[This email (${megabytes} MB) is too large to be read here; open it in Gmail to see all of it.]`);
      expect(fake.state.gmail.findLast((request) => request.path.endsWith(big.id))?.query).toMatchObject({ format: "metadata" });
    } finally {
      if (kept === undefined) delete process.env.INBOUND_EMAIL_MAX_BYTES;
      else process.env.INBOUND_EMAIL_MAX_BYTES = kept;
    }
  });

  test("many messages are read page by page, a bounded number per run, and the next run goes on where it stopped", async () => {
    const { accessToken, cursor } = await synced();
    const from = customer();
    const raw = await Promise.all(Array.from({ length: 230 }, (_, i) => rfc822({ from, subject: `Bulk ${i}`, text: `number ${i}` })));
    for (const message of raw) await deliver({ raw: message });
    const pagesBefore = fake.state.gmail.filter((request) => request.path.endsWith("/history")).length;

    const first = await collect(accessToken, cursor);
    expect(first.received).toHaveLength(200);
    expect(fake.state.gmail.filter((request) => request.path.endsWith("/history")).length - pagesBefore).toBe(2);
    const second = await collect(accessToken, first.next);
    expect([...first.received, ...second.received].map((message) => message.subject)).toEqual(Array.from({ length: 230 }, (_, i) => `Bulk ${i}`));
    expect(second.next).toBe(String(fake.state.historyId));
  });

  test("an expired history id starts over, bounded to recent mail, with a cursor that works again", async () => {
    const { accessToken, cursor } = await synced();
    const from = customer();
    const message = await mail({ from, subject: "After the cursor", text: "hello" });
    const res = await fetch(`${fake.url}/__fake/expire-history`, { method: "POST" });
    expect(res.status).toBe(200);

    const again = await collect(accessToken, cursor);
    // Read again from the recent list: the inbound path recognizes what it already holds by the Gmail id.
    expect(again.received.map((entry) => entry.providerId)).toContain(message.id);
    expect(again.next).toBe(String(fake.state.historyId));
    expect(again.next).not.toBe(cursor);
    const later = await mail({ from, subject: "After the reset", text: "new" });
    const next = await collect(accessToken, again.next);
    expect(next.received.map((entry) => entry.providerId)).toEqual([later.id]);
  });

  test("a cursor that is not a history id is not sent to Gmail; the sync starts over", async () => {
    const { credentials } = await connect();
    const accessToken = await token(credentials);
    const before = fake.state.gmail.length;
    const { next } = await collect(accessToken, "https://attacker.example/steal?x=1");
    expect(next).toBe(String(fake.state.historyId));
    const requests = fake.state.gmail.slice(before);
    expect(requests.some((request) => request.path.endsWith("/history"))).toBe(false);
    expect(requests.some((request) => request.path === "/gmail/v1/users/me/messages")).toBe(true);
  });

  test("throttling surfaces as a retryable error with Gmail's delay, without retrying in place", async () => {
    const { credentials } = await connect();
    const accessToken = await token(credentials);
    fake.state.throttle = 1;
    const before = fake.state.gmail.length;
    const error = await collect(accessToken, null).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GmailThrottled);
    expect((error as GmailThrottled).retryAfterSeconds).toBe(7);
    expect((error as GmailThrottled).status).toBe(429);
    expect(fake.state.gmail.length - before).toBe(1);
  });
});

describe("Google mailbox: sending", () => {
  const sentWith = (text: string) => fake.state.sent.find((entry) => entry.text === text);

  test("a reply goes out through Gmail in the customer's thread, with our Message-ID, In-Reply-To, References and the file", async () => {
    const { accessToken } = await synced();
    const from = customer();
    const original = await mail({ from, subject: "Leaking radiator", text: "Help", messageId: newId() });
    const messageId = `<${crypto.randomUUID()}@craftdesk.test>`;
    const text = "Wir können am Donnerstag kommen. Grüße";
    const sent = await google.send(accessToken, {
      to: from,
      from: "Someone Else <other@example.test>",
      subject: "Re: Leaking radiator",
      text,
      messageId,
      inReplyTo: original.messageId!,
      references: [original.messageId!],
      threadId: original.threadId,
      replyToProviderId: original.id,
      attachments: [{ filename: "quote.pdf", content: Buffer.from("%PDF quote \u00ff"), contentType: "application/pdf" }],
    });
    const out = sentWith(text)!;
    expect(out).toMatchObject({
      threadId: original.threadId,
      requestedThreadId: original.threadId,
      upload: "multipart",
      to: [from],
      from: null,
      subject: "Re: Leaking radiator",
      messageId,
      inReplyTo: original.messageId,
      references: [original.messageId],
    });
    expect(sent).toEqual({ providerId: out.id, threadId: original.threadId });
    expect(out.raw).toContain('filename=quote.pdf');
    expect(out.raw).toContain(Buffer.from("%PDF quote \u00ff").toString("base64"));
  });

  test("a reply whose conversation does not know the thread finds it from the message it answers", async () => {
    const { accessToken } = await synced();
    const from = customer();
    const original = await mail({ from, subject: "Quote", text: "How much?" });
    const sent = await google.send(accessToken, { to: from, subject: "Re: Quote", text: "It is 120 EUR.", threadId: null, replyToProviderId: original.id });
    expect(sent.threadId).toBe(original.threadId);
    expect(sentWith("It is 120 EUR.")).toMatchObject({ requestedThreadId: original.threadId, threadId: original.threadId });
  });

  test("a thread deleted from the mailbox gets a new message; mail without a thread starts one", async () => {
    const { accessToken } = await synced();
    const from = customer();
    const stale = await google.send(accessToken, { to: from, subject: "Hello", text: "Still there?", threadId: "18c0ffee00000000", replyToProviderId: null });
    expect(sentWith("Still there?")).toMatchObject({ requestedThreadId: null, to: [from] });
    expect(stale.threadId).toBe(sentWith("Still there?")!.threadId);
    expect(stale.threadId).not.toBe("18c0ffee00000000");

    const fresh = await google.send(accessToken, { to: from, subject: "New", text: "A new matter", threadId: null, replyToProviderId: null });
    expect(fresh).toEqual({ providerId: sentWith("A new matter")!.id, threadId: sentWith("A new matter")!.threadId });
    expect(sentWith("A new matter")!.requestedThreadId).toBeNull();
  });

  test("what the mailbox sent is not read back as inbound mail", async () => {
    const { accessToken, cursor } = await synced();
    const from = customer();
    await google.send(accessToken, { to: from, subject: "From us", text: "ours", threadId: null, replyToProviderId: null });
    const { received } = await collect(accessToken, cursor);
    expect(received.filter((message) => message.subject === "From us")).toEqual([]);
  });

  test("a message larger than Gmail accepts is refused before it is uploaded", async () => {
    const { accessToken } = await synced();
    const before = fake.state.sent.length;
    await expect(
      google.send(accessToken, {
        to: customer(),
        subject: "Too big",
        text: "files",
        threadId: null,
        replyToProviderId: null,
        attachments: [{ filename: "big.bin", content: Buffer.alloc(27 * 1024 * 1024) }],
      }),
    ).rejects.toThrow(/larger than Gmail accepts/);
    expect(fake.state.sent.length).toBe(before);
  });

  test("disconnecting revokes the refresh token at Google, which then refuses it", async () => {
    fake.state.accessTokenSeconds = 60;
    try {
      const { credentials } = await connect();
      await google.revoke(credentials);
      expect(fake.state.revoked).toContain(credentials.refresh_token);
      await expect(google.accessToken(credentials)).rejects.toBeInstanceOf(GrantRevoked);
      // Best effort: a second revoke (Google answers 400) and empty credentials do not fail.
      await expect(google.revoke(credentials)).resolves.toBeUndefined();
      await expect(google.revoke({})).resolves.toBeUndefined();
    } finally {
      fake.state.accessTokenSeconds = 3600;
    }
  });
});
