import { expect, test, type Page } from "@playwright/test";
import { codeFromMail, expectToast, logIn, PASSWORD, uniqueEmail } from "./support";

test("sign up with the emailed code, stay signed in, log out and back in", async ({ page }, testInfo) => {
  const email = uniqueEmail();
  await page.goto("/signup");
  await expect(page.getByRole("heading", { name: "Create your organization" })).toBeVisible();
  await expect(page).toHaveTitle("Create your organization · Craftdesk");
  await expect(page.getByText("At least 12 characters")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("signup-screen.png"), fullPage: true });
  await testInfo.attach("signup-screen", { path: testInfo.outputPath("signup-screen.png"), contentType: "image/png" });

  await page.getByLabel("Organization name").fill("Bright Sparks Electrical");
  await page.getByLabel("Full name").fill("Erin Electric");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("textbox", { name: "Password" }).fill(PASSWORD);
  // A busy device runs the page's timers late, the dialog's focus trap among them: what is
  // typed before they run must stay where it was typed.
  await page.evaluate(() => {
    const onTime = window.setTimeout;
    const late = (handler: TimerHandler, ms?: number, ...args: unknown[]) => onTime(handler, Math.max(ms ?? 0, 2_500), ...args);
    window.setTimeout = late as typeof window.setTimeout;
    Object.assign(window, { timersOnTime: () => (window.setTimeout = onTime) });
  });
  await page.getByRole("button", { name: "Continue", exact: true }).click();

  const dialog = page.getByRole("dialog", { name: "One time code" });
  await expect(dialog).toBeVisible();
  const code = await codeFromMail(email);
  // Typing goes straight into the first digit; Verify waits for all six.
  const verify = dialog.getByRole("button", { name: "Verify" });
  const digits = dialog.getByRole("textbox");
  await expect(digits.first()).toBeFocused();
  await expect(verify).toBeDisabled();
  await page.keyboard.type(code.slice(0, 2));
  await page.waitForTimeout(3_000);
  await page.keyboard.type(code.slice(2, 5));
  await expect(verify).toBeDisabled();
  await page.keyboard.type(code.slice(5));
  for (const [index, digit] of [...code].entries()) await expect(digits.nth(index)).toHaveValue(digit);
  await expect(verify).toBeEnabled();
  await page.evaluate(() => (window as unknown as { timersOnTime: () => void }).timersOnTime());
  await verify.click();

  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, "Welcome to the platform", "Your first steps are listed on the dashboard");
  await expect(page.getByRole("region", { name: "First steps" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByText("Start", { exact: true })).toBeVisible();
  await expect(page.getByText("Bright Sparks Electrical")).toBeVisible();

  await page.reload();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();

  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expectToast(page, "You have logged out");
  await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();

  await logIn(page, email);
  await expectToast(page, "Welcome back");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
});

test("a wrong code keeps the dialog open with the error", async ({ page }) => {
  const email = uniqueEmail();
  await page.goto("/signup");
  await page.getByLabel("Organization name").fill("Wrong Code Ltd");
  await page.getByLabel("Full name").fill("Wes Wrong");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("textbox", { name: "Password" }).fill(PASSWORD);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "One time code" });
  const code = await codeFromMail(email);
  const wrong = code === "000000" ? "111111" : "000000";
  // A pasted code fills every digit.
  await expect(dialog.getByRole("textbox").first()).toBeFocused();
  await pasteIntoFocused(page, wrong);
  await expect(dialog.getByRole("textbox").last()).toHaveValue(wrong[5]);
  await dialog.getByRole("button", { name: "Verify" }).click();
  // The error is shown in the dialog only, never as a toast.
  await expect(dialog.getByRole("alert")).toHaveText("The code is not correct");
  await expect(page.locator(".mantine-Notification-root")).toHaveCount(0);

  // The right code: nothing of the failed try stays.
  await dialog.getByRole("textbox").first().focus();
  await pasteIntoFocused(page, code);
  await expect(dialog.getByRole("textbox").last()).toHaveValue(code[5]);
  await dialog.getByRole("button", { name: "Verify" }).click();
  await expectToast(page, "Welcome to the platform");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByText("The code is not correct")).toHaveCount(0);
  await expect(page.locator(".mantine-Notification-root")).toHaveCount(1);
});

test("sign-up form checks its fields before sending a code", async ({ page }) => {
  await page.goto("/signup");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("textbox", { name: "Password" }).fill("short");
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  const form = page.locator("form");
  await expect(form.getByText("Enter a valid email address")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Email" })).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText("At least 12 characters")).toHaveCount(2);
  await expect(form.getByText("Required")).toHaveCount(2);
  await expect(page.getByRole("dialog")).toBeHidden();
  // Errors are in the form only.
  await expect(page.locator(".mantine-Notification-root")).toHaveCount(0);
});

/** A paste as the clipboard would send it, into whatever has the focus. */
async function pasteIntoFocused(page: Page, text: string) {
  await page.evaluate((value) => {
    const data = new DataTransfer();
    data.setData("text/plain", value);
    document.activeElement!.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}
