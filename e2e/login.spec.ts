import { expect, test } from "@playwright/test";
import { codeFromMail, expectToast, logIn, PASSWORD, signUpByApi } from "./support";

test("login screen: bad input, wrong password and the unsupported options", async ({ page, request, baseURL }, testInfo) => {
  const { email } = await signUpByApi(request, baseURL!);
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
  await expect(page).toHaveTitle("Log in · Craftdesk");
  await expect(page.getByRole("button", { name: "Continue with Google" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Continue with Microsoft" })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("login-screen.png"), fullPage: true });
  await testInfo.attach("login-screen", { path: testInfo.outputPath("login-screen.png"), contentType: "image/png" });

  // Errors are shown in the form only, never as toasts.
  const toasts = page.locator(".mantine-Notification-root");
  await logIn(page, "not-an-email", "");
  await expect(page.locator("form").getByText("Enter a valid email address")).toBeVisible();
  await expect(toasts).toHaveCount(0);

  await logIn(page, email, "a wrong password");
  await expect(page.getByText("Email or password is incorrect")).toBeVisible();
  await expect(page.getByText("Enter a valid email address")).toHaveCount(0);
  await expect(toasts).toHaveCount(0);

  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expectToast(page, "Not currently supported");
  await page.getByRole("button", { name: "Continue with Microsoft" }).click();
  await expect(toasts.filter({ hasText: "Not currently supported" })).toHaveCount(2);

  // A success clears what came before it.
  await logIn(page, email);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page).toHaveTitle("Dashboard · Craftdesk");
  await expectToast(page, "Welcome back");
  await expect(toasts).toHaveCount(1);
});

test("a forgotten password: a code by email sets a new one and signs in; the old password and other sessions end", async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  const { email } = await signUpByApi(request, baseURL!);
  const elsewhere = await browser.newPage({ baseURL });
  await elsewhere.goto("/");
  await logIn(elsewhere, email);
  await expect(elsewhere.getByRole("heading", { name: "Dashboard" })).toBeVisible();

  await page.goto("/");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("link", { name: "Forgot your password" }).click();
  await expect(page).toHaveURL(/\/recover\?email=/);
  await expect(page).toHaveTitle("Forgot your password · Craftdesk");
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByRole("button", { name: "Send code" }).click();

  await expect(page.getByRole("heading", { name: "Set a new password" })).toBeVisible();
  const code = await codeFromMail(email, /to set a new password/);
  const submit = page.getByRole("button", { name: "Set password and log in" });
  await expect(page.getByRole("textbox").first()).toBeFocused();
  await expect(submit).toBeDisabled();
  const wrong = code === "000000" ? "111111" : "000000";
  await page.keyboard.type(wrong);
  const fresh = "a fresh passphrase 42";
  await page.getByRole("textbox", { name: "New password" }).fill(fresh);
  await page.getByRole("textbox", { name: "Repeat password" }).fill("something else entirely");
  await submit.click();
  await expect(page.getByText("Passwords do not match eachother")).toBeVisible();
  await page.getByRole("textbox", { name: "Repeat password" }).fill(fresh);
  await submit.click();
  await expect(page.getByRole("alert").filter({ hasText: "The code is not correct" })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("recover-screen.png"), fullPage: true });
  await testInfo.attach("recover-screen", { path: testInfo.outputPath("recover-screen.png"), contentType: "image/png" });

  await page.getByRole("textbox").first().click();
  for (let i = 0; i < 6; i++) await page.keyboard.press("Backspace");
  await page.getByRole("textbox").first().focus();
  await page.keyboard.type(code);
  await submit.click();
  await expectToast(page, "Your new password is set");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.locator(".mantine-Notification-root").filter({ hasText: "not correct" })).toHaveCount(0);

  // The other browser's session has ended, and only the new password logs in.
  await elsewhere.reload();
  await expect(elsewhere.getByRole("button", { name: "Log in" })).toBeVisible();
  await logIn(elsewhere, email, PASSWORD);
  await expect(elsewhere.getByText("Email or password is incorrect")).toBeVisible();
  await logIn(elsewhere, email, fresh);
  await expect(elsewhere.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await elsewhere.close();
});

test("a session that ends mid-task: the refusal's toast goes once the member is back", async ({ page, context, request, baseURL }) => {
  const { email } = await signUpByApi(request, baseURL!);
  await page.goto("/");
  await logIn(page, email);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await page.goto("/customer/new");
  await page.getByRole("textbox", { name: "Full name" }).fill("Ida Interrupted");
  await context.clearCookies();
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Unauthorized", "Log in to continue");
  await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();

  await logIn(page, email);
  await expectToast(page, "Welcome back");
  await expect(page.locator(".mantine-Notification-root").filter({ hasText: "Unauthorized" })).toHaveCount(0);
});

test("a server that cannot be reached is said in the form", async ({ page }) => {
  await page.goto("/");
  await page.route("**/api/api/session", (route) => (route.request().method() === "POST" ? route.abort("connectionrefused") : route.continue()));
  await logIn(page, "someone@example.com");
  await expect(page.locator("form").getByRole("alert")).toHaveText("Could not connect to the servers");
  await expect(page.locator(".mantine-Notification-root")).toHaveCount(0);
});

test("unknown paths show the not-found screen", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "Oops!" })).toBeVisible();
  await expect(page.getByText("Content not found")).toBeVisible();
  await expect(page).toHaveTitle("Not found · Craftdesk");
});

test("startup failure screen when the servers cannot be reached", async ({ page }) => {
  await page.route("**/api/api/session", (route) => route.abort("connectionrefused"));
  await page.goto("/");
  await expect(page.getByText("Could not connect to the servers")).toBeVisible();
});

test("startup failure screen with a status offers Log out", async ({ page }) => {
  await page.route("**/api/api/session", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: '{"status":500,"message":"Internal server error"}' }),
  );
  await page.goto("/");
  await expect(page.getByText("Failed to load session")).toBeVisible();
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
});

test("pages run under a nonce Content-Security-Policy and cannot be framed", async ({ page, request }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) violations.push(message.text());
  });
  const res = await page.goto("/");
  const headers = res!.headers();
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toContain("camera=()");
  expect(headers["x-powered-by"]).toBeUndefined();
  // The app still hydrates: the login form reacts to input.
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.locator("form").getByText("Enter a valid email address")).toBeVisible();
  expect(violations).toEqual([]);

  const api = await request.get("/api/api/session");
  expect(api.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(api.headers()["x-powered-by"]).toBeUndefined();
});

test("a log-in holds when a session asked for before it answers after it", async ({ page, request, baseURL }) => {
  const { email } = await signUpByApi(request, baseURL!);
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();

  // Coming back to the window asks for the session again. That ask goes out with no session,
  // and its refusal is held back until the log-in has ended and the dashboard shows.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let hold = true;
  await page.route("**/api/api/session", async (route) => {
    if (route.request().method() !== "GET" || !hold) return route.continue();
    hold = false;
    const response = await route.fetch();
    expect(response.status()).toBe(401);
    await released;
    await route.fulfill({ response });
  });
  // The page's own first ask is recent: a return to the window is deduplicated with it for a while.
  await expect(async () => {
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    expect(hold).toBe(false);
  }).toPass({ intervals: [500] });

  await logIn(page, email);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  const askedAgain = page.waitForResponse((response) => response.url().endsWith("/api/api/session") && response.request().method() === "GET" && response.ok());
  release();
  await askedAgain;
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Log in" })).toHaveCount(0);
});
