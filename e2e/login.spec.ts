import { expect, test } from "@playwright/test";
import { expectToast, logIn, signUpByApi } from "./support";

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

  await page.getByRole("button", { name: "Forgot your password" }).click();
  await expectToast(page, "Not currently supported");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(toasts.filter({ hasText: "Not currently supported" })).toHaveCount(2);

  // A success clears what came before it.
  await logIn(page, email);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page).toHaveTitle("Dashboard · Craftdesk");
  await expectToast(page, "Welcome back");
  await expect(toasts).toHaveCount(1);
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
