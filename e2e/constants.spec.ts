import { expect, test } from "@playwright/test";
import { logIn, signInByApi, signUpByApi } from "./support";

test("toasts are 300 px wide at the bottom right and leave over 400 ms; tooltips wrap at 360 px", async ({ page, request, baseURL }) => {
  const { email } = await signUpByApi(request, baseURL!);
  const headers = await signInByApi(request, baseURL!, email);
  expect((await request.post("/api/api/customer", { headers, data: { name: "Tia Tooltip" } })).ok()).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await logIn(page, email);

  const toast = page.locator(".mantine-Notification-root").filter({ hasText: "Welcome back" });
  await expect(toast).toBeVisible();
  const box = (await toast.boundingBox())!;
  expect(Math.round(box.width)).toBe(300);
  expect(1280 - (box.x + box.width)).toBeLessThan(40);
  expect(800 - (box.y + box.height)).toBeLessThan(40);
  const transition = await page.locator(".mantine-Notifications-notification").first().evaluate((el) => getComputedStyle(el).transitionDuration);
  expect(transition).toContain("0.4s");

  await page.goto("/customer");
  // The list is drawn on the server: a hover before the page is interactive shows nothing, so hover again until it does.
  const tooltip = page.getByRole("tooltip");
  await expect(async () => {
    await page.mouse.move(0, 0);
    await page.getByRole("row", { name: /Tia Tooltip/ }).locator("time").hover();
    await expect(tooltip).toBeVisible({ timeout: 1000 });
  }).toPass();
  expect(await tooltip.evaluate((el) => getComputedStyle(el).maxWidth)).toBe("360px");
});

test("a closed dialog leaves the page 1000 ms after it closes", async ({ page, request, baseURL }) => {
  const { email } = await signUpByApi(request, baseURL!);
  await page.goto("/customer");
  await logIn(page, email);
  const open = async () => {
    await page.getByRole("button", { name: "More actions" }).click();
    await page.getByRole("menuitem", { name: "Import" }).click();
    await expect(page.getByRole("dialog", { name: "Import customers" })).toBeVisible();
  };
  // The dialog's content, hidden or not (the search's own modal is always in the page).
  const inPage = page.locator(".mantine-Modal-title", { hasText: "Import customers" });
  await expect(inPage).toHaveCount(0);
  await open();

  // Watch the page for the dialog's removal, timed from the moment it is closed.
  await page.evaluate(() => {
    const times: { closed?: number; removed?: number } = {};
    (window as unknown as { dialogTimes: typeof times }).dialogTimes = times;
    document.addEventListener("keydown", (event) => event.key === "Escape" && (times.closed ??= performance.now()), { capture: true });
    new MutationObserver(() => {
      const titles = [...document.querySelectorAll(".mantine-Modal-title")].map((title) => title.textContent);
      if (times.closed !== undefined && !titles.includes("Import customers")) times.removed ??= performance.now();
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Import customers" })).toBeHidden();
  await expect(inPage).toHaveCount(1);
  await expect(inPage).toHaveCount(0);
  const times = await page.evaluate(() => (window as unknown as { dialogTimes: { closed: number; removed: number } }).dialogTimes);
  const kept = times.removed - times.closed;
  expect(kept).toBeGreaterThanOrEqual(1000);
  expect(kept).toBeLessThan(1600);

  // Opened again, it is a new dialog.
  await open();
});
