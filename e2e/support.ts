import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { e2eDir } from "./paths";

export const PASSWORD = "correct horse battery";
export const uniqueEmail = (prefix = "owner") => `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.test`;

// Quoted-printable bodies break long lines with "=" at the end; joined again before matching.
const unwrapped = (raw: string) => raw.replace(/=\r?\n/g, "");

/** The 6-digit code of the newest mail the loopback SMTP server received for `to` (whose text matches `matching`). */
export async function codeFromMail(to: string, matching: RegExp = /./): Promise<string> {
  const file = path.join(e2eDir, "mails.jsonl");
  let code: string | undefined;
  await expect
    .poll(() => {
      const lines = fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim().split("\n").filter(Boolean) : [];
      const mails = lines.map((line) => JSON.parse(line) as { to: string[]; raw: string });
      const mine = mails.filter((mail) => mail.to.includes(to.toLowerCase()) && matching.test(unwrapped(mail.raw))).pop();
      // In every language the subject ends with the code.
      code = mine ? (/code is (\d{6})/.exec(mine.raw) ?? /^Subject: .*?(\d{6})\r?$/m.exec(mine.raw))?.[1] : undefined;
      return code;
    })
    .toBeTruthy();
  return code!;
}

/** Signs up an organization through the API, the way the sign-up screen does, in the given language (de-DE, fr-FR…). */
export async function signUpByApi(request: APIRequestContext, baseURL: string, name = "Acme Plumbing", language = "en-US", owner = "Olga Owner") {
  const email = uniqueEmail();
  const headers = { origin: baseURL };
  const sent = await request.post("/api/api/otp/email", { headers, data: { email, language } });
  expect(sent.status()).toBe(204);
  const otp = await codeFromMail(email);
  const res = await request.post("/api/api/signup", {
    headers,
    data: { organization: { name, language }, member: { name: owner, email, password: PASSWORD }, otp },
  });
  expect(res.status()).toBe(201);
  // The API context keeps the cookie; the page under test starts signed out.
  await request.delete("/api/api/session", { headers });
  return { email };
}

export async function expectToast(page: Page, title: string, body?: string) {
  const toast = page.locator(".mantine-Notification-root").filter({ hasText: title }).last();
  await expect(toast).toBeVisible();
  if (body) await expect(toast).toContainText(body);
}

/** The log-in screen's words in each language the browser tests use. */
const LOG_IN_WORDS = {
  "en-US": { email: "Email", password: "Password", submit: "Log in" },
  "de-DE": { email: "E-Mail", password: "Passwort", submit: "Anmelden" },
  "fr-FR": { email: "E-mail", password: "Mot de passe", submit: "Se connecter" },
};

export async function logIn(page: Page, email: string, password = PASSWORD, language: keyof typeof LOG_IN_WORDS = "en-US") {
  const words = LOG_IN_WORDS[language];
  // The log-in form is drawn by the server and made live by a script that loads after the
  // page's own. Log in is pressed only once the form holds the address: the "Forgot your
  // password" link carries it then.
  const emailBox = page.getByLabel(words.email);
  const recoverLink = page.locator(`a[href="/recover?${new URLSearchParams({ email: email.trim() })}"]`);
  await expect(async () => {
    await emailBox.fill("");
    await emailBox.fill(email);
    await expect(recoverLink).toBeAttached({ timeout: 1_000 });
  }).toPass();
  await page.getByRole("textbox", { name: words.password }).fill(password);
  await page.getByRole("button", { name: words.submit }).click();
}

/** Waits until a save has finished: the form takes back the history entry it pushed while dirty (Save is disabled already while it is under way). */
export async function savedForm(page: Page) {
  await page.waitForFunction(() => !window.history.state?.unsavedGuard);
}

/** Reloads once a save has finished. */
export async function reloadWhenSaved(page: Page) {
  await savedForm(page);
  await page.reload();
}

const centreOf = async (locator: Locator) => {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + Math.min(box.height / 2, 40) };
};

/** Drags with the mouse the way a person does: press, move past the drag threshold, travel, release. */
export async function dragWithMouse(page: Page, from: Locator, to: Locator) {
  const start = await centreOf(from);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 10, start.y + 10, { steps: 5 });
  const end = await centreOf(to);
  await page.mouse.move(end.x, end.y, { steps: 20 });
  await page.mouse.up();
}

// ---- Conversations: API set-up, captured mail and inbound MIME ----

/** Signs the API context in (the page stays signed out); answers the same-origin headers writes need. */
export async function signInByApi(request: APIRequestContext, baseURL: string, email: string) {
  const headers = { origin: baseURL };
  const res = await request.post("/api/api/session", { headers, data: { email, password: PASSWORD } });
  expect(res.ok()).toBe(true);
  return headers;
}

/** The raw text of the newest mail the loopback SMTP server received for `to` whose text matches `matching`. */
export async function mailTo(to: string, matching: RegExp = /./): Promise<string> {
  const file = path.join(e2eDir, "mails.jsonl");
  let raw: string | undefined;
  await expect
    .poll(() => {
      const lines = fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim().split("\n").filter(Boolean) : [];
      const mails = lines.map((line) => JSON.parse(line) as { to: string[]; raw: string });
      raw = mails.filter((mail) => mail.to.includes(to.toLowerCase()) && matching.test(mail.raw)).pop()?.raw;
      return raw;
    })
    .toBeTruthy();
  return raw!;
}

/** A raw mail's header block and body. */
const splitMessage = (raw: string): [string, string] => {
  const at = raw.indexOf("\r\n\r\n");
  return [raw.slice(0, at), raw.slice(at + 4)];
};

/** A header of a raw mail, unfolded: `Message-ID` → `<…@…>`. */
export const mailHeader = (raw: string, name: string) =>
  new RegExp(`^${name}:[ \\t]*((?:.*)(?:\\r?\\n[ \\t].*)*)`, "im").exec(raw)?.[1].replace(/\r?\n[ \t]+/g, " ").trim();

type Attachment = { name: string; type: string; bytes: Buffer };

/**
 * An email as a provider forwards it (message/rfc822): text and HTML alternatives,
 * optionally a reply to `inReplyTo`, optionally with one attachment.
 */
export function rawEmail(mail: { from: string; to: string; subject: string; text: string; html?: string; inReplyTo?: string; attachment?: Attachment }) {
  if (mail.attachment) {
    const { attachment, ...rest } = mail;
    const [head, body] = splitMessage(rawEmail(rest));
    const boundary = `m-${crypto.randomUUID()}`;
    const headers = head.split("\r\n").filter((line) => !/^Content-Type:/i.test(line));
    return [
      ...headers,
      `Content-Type: multipart/mixed; boundary="${boundary}"`,
      "",
      `--${boundary}`,
      head.split("\r\n").find((line) => /^Content-Type:/i.test(line))!,
      "",
      body,
      `--${boundary}`,
      `Content-Type: ${attachment.type}; name="${attachment.name}"`,
      `Content-Disposition: attachment; filename="${attachment.name}"`,
      "Content-Transfer-Encoding: base64",
      "",
      attachment.bytes.toString("base64"),
      `--${boundary}--`,
      "",
    ].join("\r\n");
  }
  const boundary = `b-${crypto.randomUUID()}`;
  const headers = [
    `From: ${mail.from}`,
    `To: ${mail.to}`,
    `Subject: ${mail.subject}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${crypto.randomUUID()}@customer.example.test>`,
    ...(mail.inReplyTo ? [`In-Reply-To: ${mail.inReplyTo}`, `References: ${mail.inReplyTo}`] : []),
    "MIME-Version: 1.0",
  ];
  if (!mail.html) return [...headers, "Content-Type: text/plain; charset=utf-8", "", mail.text, ""].join("\r\n");
  return [
    ...headers,
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    "Content-Type: text/plain; charset=utf-8",
    "",
    mail.text,
    `--${boundary}`,
    "Content-Type: text/html; charset=utf-8",
    "",
    mail.html,
    `--${boundary}--`,
    "",
  ].join("\r\n");
}

/**
 * Closes the toasts on screen (for a picture), one at a time: a toast may also close
 * by itself meanwhile, so each round looks again instead of clicking a list taken before.
 */
export async function closeToasts(page: Page) {
  const close = page.locator(".mantine-Notification-root button");
  for (let round = 0; round < 20 && (await close.count()) > 0; round += 1) {
    await close.first().click({ timeout: 2000 }).catch(() => undefined);
  }
  await expect(page.locator(".mantine-Notification-root")).toHaveCount(0);
}

/** A 1×1 PNG of 70 bytes, for uploads and attachments. */
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

/** Where the sidebar's left edge is once its slide has ended (off screen on mobile). */
export async function sidebarSettlesAt(page: Page, x: number) {
  const sidebar = page.getByRole("navigation", { name: "Main navigation" });
  await expect.poll(async () => Math.round((await sidebar.boundingBox())?.x ?? Number.NaN)).toBe(x);
}

/** A full-page picture of the screen on a desktop and on a phone, kept with the test's output. */
export async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(MOBILE);
  await sidebarSettlesAt(page, -260);
  await page.screenshot({ path: test.info().outputPath(`${name}-mobile.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
  await sidebarSettlesAt(page, 0);
}

/** Waits until React runs the page (app/providers.tsx): a served button clicked before that does nothing. */
export async function hydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** A full-page picture of the screen as it is now, kept with the test's output. */
export async function picture(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** The API context signed in as the owner, with writes that must succeed; paths as under /api/api. */
export function ownerApi(request: APIRequestContext, headers: Record<string, string>) {
  const send = async <T,>(method: "post" | "patch", url: string, data: unknown) => {
    const res = await request[method](`/api/api${url}`, { headers, data });
    expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
    return (res.status() === 204 ? {} : await res.json()) as T;
  };
  return {
    post: <T,>(url: string, data: unknown) => send<T>("post", url, data),
    patch: <T,>(url: string, data: unknown) => send<T>("patch", url, data),
  };
}

/** The list's More actions → Export CSV, saved with the test's output; answers the file's path. */
export async function exportCsv(page: Page, name: string) {
  await page.getByRole("button", { name: "More actions" }).click();
  const downloading = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: "Export CSV" }).click();
  const file = test.info().outputPath(name);
  await (await downloading).saveAs(file);
  return file;
}

/**
 * Nothing sticks out sideways: the page is no wider than the window. Waited for, as a
 * layout that has just changed (a new viewport, a closing sidebar) settles a frame later.
 */
export async function expectNoOverflow(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), { message: "the page is wider than the window" })
    .toBeLessThanOrEqual(0);
}
