import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { e2eDir } from "./paths";
import { expectToast, logIn, MOBILE, picture, signUpByApi, uniqueEmail } from "./support";

const NEW_PASSWORD = "my own new passphrase";

/** The tokens of the invitation links mailed to `to`, oldest first, once there are `count` of them. */
async function invitationTokens(to: string, count: number): Promise<string[]> {
  const file = path.join(e2eDir, "mails.jsonl");
  let tokens: string[] = [];
  await expect
    .poll(() => {
      const lines = fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim().split("\n").filter(Boolean) : [];
      const mails = lines.map((line) => JSON.parse(line) as { to: string[]; raw: string }).filter((mail) => mail.to.includes(to.toLowerCase()));
      // Quoted-printable breaks long lines with "=" at the end.
      tokens = mails.flatMap((mail) => /\/invite\/([0-9a-f]{64})/.exec(mail.raw.replace(/=\r?\n/g, ""))?.[1] ?? []);
      return tokens.length;
    })
    .toBe(count);
  return tokens;
}

test("the dashboard's Invite a member emails an invitation; the member shows Invited until they set a password from the newest link", async ({
  page,
  request,
  baseURL,
  browser,
}) => {
  const { email } = await signUpByApi(request, baseURL!, "Invite Plumbing");
  await page.goto("/");
  await logIn(page, email);
  const steps = page.getByRole("region", { name: "First steps" });
  const inviteStep = steps.getByRole("listitem").filter({ hasText: "Invite a member" });
  await expect(inviteStep.getByLabel("To do")).toBeVisible();
  const invitee = uniqueEmail("invitee");

  await test.step("the step opens the new member form, which says an invitation is sent", async () => {
    await inviteStep.getByRole("link", { name: "Invite a member" }).click();
    await expect(page.getByRole("heading", { name: "New member" })).toBeVisible();
    await expect(page.getByText("We email them an invitation to set their own password; its link works for 7 days.")).toBeVisible();
    await page.getByRole("textbox", { name: "Full name" }).fill("Ivy Invited");
    await page.getByRole("textbox", { name: "Email" }).fill(invitee);
    await page.getByRole("button", { name: "Choose role" }).click();
    const picker = page.getByRole("dialog", { name: "Choose role" });
    await picker.locator("[data-picker-item]").filter({ hasText: "Administrator" }).click();
    await expect(picker).toBeHidden();
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Member Ivy Invited has been created", `An invitation has been sent to ${invitee}`);
    await expect(page.getByRole("heading", { name: "Ivy Invited" })).toBeVisible();
    await expect(page.getByText("invited", { exact: true })).toBeVisible();
  });
  const memberPath = new URL(page.url()).pathname;
  const [first] = await invitationTokens(invitee, 1);

  await test.step("the list shows the member as invited", async () => {
    await page.goto("/member");
    await expect(page.getByRole("link", { name: "Ivy Invited (invited)" })).toBeVisible();
    await picture(page, "list");
  });

  await test.step("the Security tab sends a new invitation, whose link replaces the first", async () => {
    await page.goto(`${memberPath}/security`);
    const invited = page.getByRole("alert").filter({ hasText: "Invited" });
    await expect(invited).toContainText(`An invitation to set a password was sent to ${invitee}`);
    await picture(page, "security");
    await invited.getByRole("button", { name: "Send a new invitation" }).click();
    await expectToast(page, "Invitation sent", `${invitee} can set a password within 7 days`);
  });
  const [, second] = await invitationTokens(invitee, 2);
  expect(second).not.toBe(first);

  // The invited member opens the links on a browser of their own.
  const theirs = await browser.newContext();
  const them = await theirs.newPage();
  try {
    await test.step("the first link no longer works and says what to do", async () => {
      await them.goto(`/invite/${first}`);
      await expect(them.getByRole("heading", { name: "This invitation link does not work" })).toBeVisible();
      await expect(them.getByRole("alert", { name: "The link has expired or is no longer valid" })).toContainText("Ask the person who invited you to send a new one");
    });

    await test.step("the newest link sets the password and signs in", async () => {
      await them.goto(`/invite/${second}`);
      await expect(them.getByRole("heading", { name: "Join Invite Plumbing" })).toBeVisible();
      await expect(them.getByRole("textbox", { name: "Email" })).toHaveValue(invitee);
      await picture(them, "accept");
      await them.getByRole("textbox", { name: "New password" }).fill(NEW_PASSWORD);
      await them.getByRole("textbox", { name: "Repeat password" }).fill("not the same passphrase");
      await them.getByRole("button", { name: "Set password and log in" }).click();
      await expect(them.getByText("Passwords do not match eachother")).toBeVisible();
      await them.getByRole("textbox", { name: "Repeat password" }).fill(NEW_PASSWORD);
      await them.getByRole("button", { name: "Set password and log in" }).click();
      await expect(them.getByRole("heading", { name: "Dashboard" })).toBeVisible();
      await expectToast(them, "Welcome to Invite Plumbing");
    });

    await test.step("the link is spent, and the password logs in", async () => {
      await them.setViewportSize(MOBILE);
      await them.goto(`/invite/${second}`);
      await expect(them.getByRole("heading", { name: "This invitation link does not work" })).toBeVisible();
      await picture(them, "spent-phone");
      await them.request.delete("/api/api/session", { headers: { origin: baseURL! } });
      await them.goto("/");
      await logIn(them, invitee, NEW_PASSWORD);
      await expect(them.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    });
  } finally {
    await theirs.close();
  }

  await test.step("the admin sees the member as active and the step as done", async () => {
    await page.goto("/member");
    await expect(page.getByRole("link", { name: "Ivy Invited", exact: true })).toBeVisible();
    await page.goto("/");
    await expect(inviteStep.getByLabel("Done")).toBeVisible();
  });
});

test("the invitation page on a phone", async ({ page, request, baseURL }) => {
  const { email } = await signUpByApi(request, baseURL!, "Phone Plumbing");
  const headers = { origin: baseURL! };
  expect((await request.post("/api/api/session", { headers, data: { email, password: "correct horse battery" } })).ok()).toBe(true);
  const session = await (await request.get("/api/api/session")).json();
  const invitee = uniqueEmail("phone");
  const created = await request.post("/api/api/member", { headers, data: { name: "Pat Phone", email: invitee, role: session.member.role } });
  expect(created.status()).toBe(201);
  const [token] = await invitationTokens(invitee, 1);
  await page.setViewportSize(MOBILE);
  await page.goto(`/invite/${token}`);
  await expect(page.getByRole("heading", { name: "Join Phone Plumbing" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Set password and log in" })).toBeInViewport();
  await picture(page, "accept-phone");
});
