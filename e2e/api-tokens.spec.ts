import { expect, test } from "@playwright/test";
import { expectToast, logIn, signUpByApi } from "./support";

test("API tokens: create a read-only token, use it once, revoke it", async ({ page, request, playwright, baseURL }) => {
  await test.step("the owner opens Settings → API tokens", async () => {
    const { email } = await signUpByApi(request, baseURL!, "Token Works");
    await page.goto("/settings");
    await logIn(page, email);
    await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
    await page.getByRole("tab", { name: "API tokens" }).click();
    await expect(page).toHaveURL(/\/settings\/tokens$/);
    await expect(page.getByText("No API tokens yet")).toBeVisible();
    await expect(page.getByRole("link", { name: "API documentation" })).toHaveAttribute("href", "/api-docs");
  });

  const secret = await test.step("a read-only token for 30 days is shown once, with a copy button", async () => {
    await page.getByRole("button", { name: "Create token" }).click();
    const dialog = page.getByRole("dialog", { name: "Create an API token" });
    await dialog.getByLabel("Name").fill("Zapier");
    await dialog.getByRole("combobox", { name: "Expires" }).click();
    await page.getByRole("option", { name: "30 days" }).click();
    await dialog.getByRole("switch", { name: /^Read-only/ }).click();
    await expect(dialog.getByRole("switch", { name: /^Read-only/ })).toBeChecked();
    await dialog.getByRole("button", { name: "Create token" }).click();
    const shown = page.getByRole("dialog", { name: "Your new API token" });
    await expect(shown.getByText("it is shown only once")).toBeVisible();
    await expect(shown.getByRole("button", { name: "Copy" })).toBeVisible();
    const value = await shown.getByLabel("Token").inputValue();
    expect(value).toMatch(/^cdk_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole("button", { name: "Done" }).click();
    await expect(shown).toBeHidden();
    return value;
  });

  // A context of its own: no cookie at all, only the token.
  const script = await playwright.request.newContext({ baseURL });
  const listCustomers = () => script.get("/api/api/customer", { headers: { Authorization: `Bearer ${secret}` } });

  await test.step("a script reads with it; a write is refused; the list shows the token and its use", async () => {
    const res = await listCustomers();
    expect(res.status()).toBe(200);
    expect(await res.json()).toMatchObject({ items: [] });
    const write = await script.post("/api/api/customer", { headers: { Authorization: `Bearer ${secret}` }, data: { name: "Refused" } });
    expect(write.status()).toBe(403);
    await page.reload();
    const row = page.getByRole("row").filter({ hasText: "Zapier" });
    await expect(row).toContainText("Read-only");
    await expect(row).toContainText(secret.slice(0, 10));
    await expect(row).toContainText("just now");
    await expect(page.getByText(secret)).toHaveCount(0);
  });

  await test.step("revoked after a confirmation, the token is refused at once", async () => {
    await page.getByRole("row").filter({ hasText: "Zapier" }).getByRole("button", { name: "Revoke" }).click();
    await page.getByRole("dialog", { name: "Revoke this token?" }).getByRole("button", { name: "Revoke" }).click();
    await expectToast(page, 'Token "Zapier" has been revoked');
    await expect(page.getByText("No API tokens yet")).toBeVisible();
    expect((await listCustomers()).status()).toBe(401);
  });
  await script.dispose();
});
