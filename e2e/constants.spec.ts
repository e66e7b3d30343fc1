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
  await page.getByRole("row", { name: /Tia Tooltip/ }).locator("time").hover();
  const tooltip = page.getByRole("tooltip");
  await expect(tooltip).toBeVisible();
  expect(await tooltip.evaluate((el) => getComputedStyle(el).maxWidth)).toBe("360px");
});
