import fs from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { e2eGoogleUrl, e2eMicrosoftUrl } from "./paths";
import { expectNoOverflow, expectToast, hydrated, logIn, signInByApi, signUpByApi, uniqueEmail } from "./support";

const SHOTS = "/tmp/int-shots";
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

// The browser goes through Microsoft's fake consent screen, served over https with a self-signed certificate.
test.use({ ignoreHTTPSErrors: true });

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The fakes' control API; Microsoft's fake serves https with a self-signed certificate. */
async function fake(request: APIRequestContext, base: string, method: "GET" | "POST", path: string, data?: unknown) {
  const res = await request.fetch(`${base}${path}`, { method, data, ignoreHTTPSErrors: true });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return res.json();
}

/** A signed-up owner with one customer, on Organization → Integrations. */
async function openIntegrations(page: Page, request: APIRequestContext, baseURL: string) {
  const customerEmail = uniqueEmail("mia");
  const { email } = await signUpByApi(request, baseURL);
  const headers = await signInByApi(request, baseURL, email);
  const res = await request.post("/api/api/customer", { headers, data: { type: "individual", name: "Mia Miller", email: customerEmail } });
  expect(res.ok(), await res.text()).toBe(true);
  await page.goto("/organization/integrations");
  await logIn(page, email);
  await expect(page.getByRole("region", { name: "Google mailbox" })).toBeVisible();
  await hydrated(page);
  return { customerEmail, headers };
}

const rfc822 = (from: string, subject: string, text: string) =>
  [`From: Mia Miller <${from}>`, "To: shop@example.test", `Subject: ${subject}`, `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${crypto.randomUUID()}@customer.test>`, "Content-Type: text/plain; charset=utf-8", "", text, ""].join("\r\n");

type Provider = {
  label: "Google" | "Microsoft";
  base: string;
  authorizePath: RegExp;
  checkAuthorize: (url: URL) => void;
  deliver: (customerEmail: string, subject: string, text: string) => unknown;
};

const PROVIDERS: Provider[] = [
  {
    label: "Google",
    base: e2eGoogleUrl,
    authorizePath: /\/o\/oauth2\/v2\/auth|\/o\/oauth2\/auth/,
    checkAuthorize: (url) => {
      const scope = url.searchParams.get("scope") ?? "";
      expect(scope).toContain("https://www.googleapis.com/auth/gmail");
      expect(url.searchParams.get("access_type")).toBe("offline");
      expect(url.searchParams.get("prompt")).toContain("consent");
    },
    deliver: (from, subject, text) => ({ raw: rfc822(from, subject, text) }),
  },
  {
    label: "Microsoft",
    base: e2eMicrosoftUrl,
    authorizePath: /\/oauth2\/v2\.0\/authorize/,
    checkAuthorize: (url) => {
      const scope = url.searchParams.get("scope") ?? "";
      for (const wanted of ["offline_access", "Mail.Read", "Mail.Send", "User.Read"]) expect(scope.split(" ")).toContain(wanted);
      expect(url.searchParams.get("prompt")).toBe("consent");
      expect(url.searchParams.get("code_challenge_method")).toBe("S256");
      expect(url.searchParams.get("code_challenge")).toBeTruthy();
    },
    deliver: (from, subject, text) => ({ from, subject, text }),
  },
];


for (const provider of PROVIDERS) {
  test(`${provider.label} mailbox: connect with consent, sync a customer's email into Conversations, reply in its thread, disconnect`, async ({
    page,
    request,
    baseURL,
  }) => {
    await page.setViewportSize(DESKTOP);
    const { customerEmail } = await openIntegrations(page, request, baseURL!);
    const card = page.getByRole("region", { name: `${provider.label} mailbox` });
    // The fake provider keeps its mail between attempts: each attempt's own subject finds its own conversation.
    const subject = `Leaking radiator ${test.info().retry}`;

    await test.step("Connect goes to the provider's consent screen with the right parameters and comes back connected", async () => {
      const authorize = page.waitForRequest((req) => req.url().startsWith(provider.base) && provider.authorizePath.test(new URL(req.url()).pathname));
      await card.getByRole("button", { name: "Connect" }).click();
      const url = new URL((await authorize).url());
      provider.checkAuthorize(url);
      expect(url.searchParams.get("state")).toBeTruthy();
      expect(url.searchParams.get("redirect_uri")).toBe(`${baseURL}/organization/integrations`);
      await expectToast(page, `${provider.label} has been connected`);
      await expect(page).toHaveURL(`${baseURL}/organization/integrations`);
      await expect(card).toContainText("Connected");
      await expect(card.getByRole("button", { name: "Sync now" })).toBeVisible();
      await shot(page, `${provider.label.toLowerCase()}-connected-desktop`);
    });

    await test.step("a customer's email in the mailbox comes into Conversations after Sync now", async () => {
      await fake(request, provider.base, "POST", "/__fake/messages", provider.deliver(customerEmail, subject, "The radiator in the hall is leaking."));
      await card.getByRole("button", { name: "Sync now" }).click();
      await expectToast(page, "Sync started");
      await expect(card).toContainText(/Synced/);
      await page.goto("/conversation");
      const row = page.locator("tbody tr").filter({ hasText: subject });
      await expect(async () => {
        await page.reload();
        await expect(row).toBeVisible({ timeout: 2000 });
      }).toPass({ timeout: 30_000 });
      await expect(row).toContainText("Mia Miller");
    });

    await test.step("a reply from the conversation leaves through the mailbox, in the same thread", async () => {
      await page.locator("tbody tr").filter({ hasText: subject }).getByRole("link").first().click();
      // Opening marks the conversation read, and the screen loads it again: the menu may close under the first click.
      await expect(async () => {
        await page.getByRole("button", { name: "Actions" }).click();
        await page.getByRole("menuitem", { name: "New email" }).click({ timeout: 2000 });
      }).toPass({ timeout: 20_000 });
      const dialog = page.getByRole("dialog", { name: "New email" });
      await expect(dialog.getByRole("textbox", { name: "Recipient" })).toHaveValue(customerEmail);
      await dialog.getByRole("textbox", { name: "Content" }).fill("We can come on Thursday.");
      await dialog.getByRole("button", { name: "Send" }).click();
      await expectToast(page, "Message has been created");
      await expect
        .poll(async () => {
          const sent = (await fake(request, provider.base, "GET", "/__fake/sent")) as { raw?: string; text?: string; threadId?: string; conversationId?: string }[];
          return sent.find((mail) => `${mail.raw ?? ""}${mail.text ?? ""}${JSON.stringify(mail)}`.includes("We can come on Thursday."));
        }, { timeout: 30_000 })
        .toMatchObject(provider.label === "Google" ? { threadId: expect.any(String) } : {});
    });

    await test.step("Disconnect revokes the grant at the provider and the card is not connected", async () => {
      await page.goto("/organization/integrations");
      await hydrated(page);
      await card.getByRole("button", { name: "Disconnect" }).click();
      await expectToast(page, `${provider.label} has been disconnected`);
      await expect(card).toContainText("Not connected");
      const revoked = (await fake(request, provider.base, "GET", "/__fake/revoked")) as unknown[];
      // Microsoft has no endpoint revoking one app's delegated grant: disconnecting deletes the tokens here only.
      if (provider.label === "Google") expect(revoked.length).toBeGreaterThan(0);
    });
  });
}

test("the integrations screen follows the server's configuration: a provider without credentials cannot be connected; texts without Twilio", async ({
  page,
  request,
  baseURL,
}) => {
  await page.setViewportSize(DESKTOP);
  const { headers } = await openIntegrations(page, request, baseURL!);
  const session = await (await request.get("/api/api/session", { headers })).json();
  const res = await request.get(`/api/api/organization/${session.organization.id}/integrations`, { headers });
  expect(res.ok(), await res.text()).toBe(true);
  const integrations = (await res.json()) as { mailbox: Record<"google" | "microsoft", { configured: boolean }>; sms: { provider: string | null } };

  for (const [type, label] of [["google", "Google"], ["microsoft", "Microsoft"]] as const) {
    const card = page.getByRole("region", { name: `${label} mailbox` });
    await expect(card).toContainText("Not connected");
    const connect = card.getByRole("button", { name: "Connect" });
    if (integrations.mailbox[type].configured) {
      await expect(connect).toBeEnabled();
      await expect(card).not.toContainText("Not configured on this server");
    } else {
      await expect(connect).toBeDisabled();
      await expect(card).toContainText("Not configured on this server");
    }
  }
  const sms = page.getByRole("region", { name: "Text messages" });
  if (integrations.sms.provider === null) await expect(sms).toContainText("Not configured on this server");
  else await expect(sms.getByRole("textbox", { name: "Inbound address" })).toHaveValue(/\/api\/api\/inbound\/sms\/twilio\//);
  await expect(page.getByRole("region", { name: "Inbound email" })).toBeVisible();
  await shot(page, "integrations-desktop");

  await page.setViewportSize(PHONE);
  await expect(page.getByRole("region", { name: "Microsoft mailbox" })).toBeVisible();
  // On a phone the cards stack, each within the screen (once the layout has followed the new width).
  await expect(async () => {
    const google = await page.getByRole("region", { name: "Google mailbox" }).boundingBox();
    const microsoft = await page.getByRole("region", { name: "Microsoft mailbox" }).boundingBox();
    expect(microsoft!.y).toBeGreaterThan(google!.y + google!.height - 1);
    expect(google!.x + google!.width).toBeLessThanOrEqual(PHONE.width);
  }).toPass();
  await shot(page, "integrations-phone");
});

test("back from a consent screen the user refused: the provider's reason in an error toast, and the query is cleared so a reload says nothing", async ({
  page,
  request,
  baseURL,
}) => {
  const { email } = await signUpByApi(request, baseURL!);
  const refused = new URLSearchParams({ error: "access_denied", error_description: "The user has denied access to the scope requested by the client application." });
  await page.goto(`/organization/integrations?${refused}`);
  await logIn(page, email);
  await expectToast(page, "The mailbox was not connected", "The user has denied access");
  await expect(page).toHaveURL(`${baseURL}/organization/integrations`);
  await expect(page.getByRole("region", { name: "Microsoft mailbox" })).toContainText("Not connected");
  await page.reload();
  await expect(page.getByRole("region", { name: "Google mailbox" })).toBeVisible();
  await expect(page.locator(".mantine-Notification-root").filter({ hasText: "was not connected" })).toHaveCount(0);
});

test("Organization → Payments: when invoices fall due, changed in Business details, and how card payments reach Stripe", async ({ page, request, baseURL }) => {
  await page.setViewportSize(DESKTOP);
  const { headers } = await openIntegrations(page, request, baseURL!);
  await page.getByRole("tab", { name: "Payments" }).click();
  await expect(page).toHaveURL(`${baseURL}/organization/payments`);
  const terms = page.getByRole("region", { name: "Payment terms" });
  await expect(terms).toContainText("Invoices are due 14 days after they are issued");
  // The browser tests' server has Stripe configured (its fake): on, and the address to give Stripe; never its keys.
  const payments = page.getByRole("region", { name: "Card payments" });
  await expect(payments).toContainText("Stripe");
  await expect(payments).toContainText("checkout.session.completed");
  await expect(payments.getByRole("textbox", { name: "Webhook address" })).toHaveValue(`${baseURL}/api/api/webhook/stripe`);
  await expect(payments).not.toContainText("sk_test");
  await shot(page, "payments-desktop");

  await terms.getByRole("link", { name: "Change the payment terms in Business details" }).click();
  await expect(page.getByRole("tab", { name: "Business details", selected: true })).toBeVisible();
  const days = page.getByRole("textbox", { name: "Payment terms (days)" });
  await expect(days).toHaveAttribute("placeholder", "14");
  await days.fill("two weeks");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(days).toHaveAttribute("aria-invalid", "true");
  await expect(days).toHaveAccessibleDescription(/Give the payment terms in whole days, from 0 to 365/);
  await days.fill("30");
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Business details have been saved");
  await page.getByRole("tab", { name: "Payments" }).click();
  await expect(page.getByRole("region", { name: "Payment terms" })).toContainText("Invoices are due 30 days after they are issued");

  // A new invoice takes them.
  const customers = await (await request.get("/api/api/customer", { headers })).json();
  const res = await request.post("/api/api/invoice", {
    headers,
    data: { from: "blank", customer: customers.items[0].id, title: "Boiler service", sections: [{ title: "", lines: [] }] },
  });
  expect(res.ok(), await res.text()).toBe(true);
  expect((await res.json()).payment_terms_days).toBe(30);

  await page.setViewportSize(PHONE);
  await expect(page.getByRole("region", { name: "Card payments" })).toBeVisible();
  await expectNoOverflow(page);
  await shot(page, "payments-phone");
});
