import { expect, test, type Page } from "@playwright/test";
import { logIn, signUpByApi } from "./support";

const SHOTS = process.env.API_DOCS_SHOTS || "/tmp/api-docs-shots";

/** Console messages about the Content-Security-Policy, and requests leaving this origin. */
function watch(page: Page, baseURL: string) {
  const violations: string[] = [];
  const foreign: string[] = [];
  page.on("console", (message) => {
    if (/Content[ -]Security[ -]Policy/i.test(message.text())) violations.push(message.text());
  });
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(baseURL) && !url.startsWith("data:") && !url.startsWith("blob:")) foreign.push(url);
  });
  return { violations, foreign };
}

test("the API documentation renders every area of the API under the page's Content-Security-Policy, signed out", async ({ page, baseURL }) => {
  const seen = watch(page, baseURL!);
  // The reference draws itself from the document scripts read too (the launcher has had the server answer it once already).
  const documentServed = page.waitForResponse((response) => response.url().endsWith("/api/api/openapi.json"));
  const res = await page.goto("/api-docs");
  expect(res!.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  await expect(page).toHaveTitle("API documentation · Craftdesk");
  expect((await documentServed).status()).toBe(200);
  // The reference draws its sections in the browser's idle time, a batch at a time: on a busy
  // machine the first batch comes later than an element usually takes (its sidebar was drawn).
  await expect(page.getByRole("heading", { name: "Craftdesk API", level: 1 })).toBeVisible({ timeout: 30_000 });
  // Every area of the API is a group of the sidebar; a group lists its operations by summary.
  const sidebar = page.getByRole("navigation", { name: "Sidebar for Craftdesk API" });
  for (const tag of ["customer", "project", "session", "member", "role", "location", "conversation", "file"]) {
    await expect(sidebar.getByRole("button", { name: new RegExp(`^${tag} `) })).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "conversation", level: 2 })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/api-docs.png` });
  await sidebar.getByRole("button", { name: /^customer / }).click();
  await sidebar.getByRole("button", { name: /^List customers/ }).click();
  const list = page.getByRole("region", { name: "List customers" });
  await expect(list).toBeVisible();
  await expect(list.getByText("/customer", { exact: true }).first()).toBeVisible();
  await expect(list.getByText("shared", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Ask AI" })).toHaveCount(0);
  await list.getByText("/customer", { exact: true }).first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/api-docs-customer-list.png` });
  expect(seen.violations).toEqual([]);
  expect(seen.foreign).toEqual([]);
});

test("Organization → Integrations links to the API documentation", async ({ page, request, baseURL }) => {
  const { email } = await signUpByApi(request, baseURL!);
  await page.goto("/organization/integrations");
  await logIn(page, email);
  const link = page.getByRole("link", { name: "API documentation" });
  await expect(link).toBeVisible();
  await link.click();
  // The router changes the address once the reference's script (the largest of any screen) has loaded: on a busy machine that takes a while.
  await expect(page).toHaveURL(/\/api-docs$/, { timeout: 30_000 });
  // The reference then draws itself from the document in the browser: seconds more on a busy machine.
  await expect(page.getByRole("heading", { name: "Craftdesk API", level: 1 })).toBeVisible({ timeout: 30_000 });
});
