import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { e2eDir } from "./paths";
import { expectToast, logIn, PASSWORD, reloadWhenSaved, signUpByApi, uniqueEmail } from "./support";

// A 1×1 PNG: enough for the server to recognise an image by its bytes.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="red"/></svg>');

async function upload(page: Page, name: string, mimeType: string, buffer: Buffer) {
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType, buffer });
}

const primaryFilled = (page: Page) =>
  page.evaluate(() => {
    const probe = document.createElement("div");
    probe.style.color = "var(--mantine-primary-color-filled)";
    document.body.append(probe);
    const color = getComputedStyle(probe).color;
    probe.remove();
    return color;
  });

/**
 * The WCAG contrast of a text colour on a background, read from the rendered styles:
 * brand-coloured links on the page, or the text of a filled button on the brand colour.
 */
const renderedContrast = (page: Page, text: string, background?: string) =>
  page.evaluate(([color, ground]) => {
    const probe = document.createElement("a");
    probe.style.color = color;
    if (ground) probe.style.backgroundColor = ground;
    document.body.append(probe);
    const rgb = (css: string) => css.match(/\d+(\.\d+)?/g)!.slice(0, 3).map(Number);
    const text = rgb(getComputedStyle(probe).color);
    const back = rgb(getComputedStyle(ground ? probe : document.body).backgroundColor);
    probe.remove();
    const luminance = (c: number[]) => {
      const [r, g, b] = c.map((v) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const [light, dark] = [luminance(text), luminance(back)].sort((a, b) => b - a);
    return (light + 0.05) / (dark + 0.05);
  }, [text, background] as const);

test("organization profile: name, brand colour as the primary colour, image; integrations not connected", async ({ page, request, baseURL }, testInfo) => {
  const { before } = await test.step("the owner signs up and opens the organization profile", async () => {
    const { email } = await signUpByApi(request, baseURL!, "Acme Heating");
    await page.goto("/organization");
    await logIn(page, email);
    await expect(page.getByRole("heading", { name: "Acme Heating" })).toBeVisible();
    const before = await primaryFilled(page);
    return { before };
  });

  await test.step("a new name, a brand colour and an image (a text file is refused) are saved; the primary colour follows", async () => {
    await page.getByRole("textbox", { name: "Display name" }).fill("Acme Heating & Cooling");
    await page.getByRole("textbox", { name: "Brand color" }).fill("#E5484D");
    await page.getByRole("textbox", { name: "Brand color" }).blur();
    await upload(page, "logo.txt", "text/plain", PNG);
    await expectToast(page, "Invalid file type", '"txt"');
    await upload(page, "logo.svg", "image/svg+xml", SVG);
    await expect(page.getByRole("button", { name: "Remove image" })).toBeVisible();
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Changes have been saved");
    await expect(page.getByRole("heading", { name: "Acme Heating & Cooling" })).toBeVisible();
    // The chosen colour exactly, not a shade generated near it.
    await expect.poll(() => primaryFilled(page)).toBe("rgb(229, 72, 77)");
    expect(before).not.toBe("rgb(229, 72, 77)");
  });

  await test.step("pale and dark brand colours leave links and button text readable (WCAG AA) in both colour schemes", async () => {
    // Ends on the colour the next step expects after a reload.
    for (const color of ["#FFE066", "#0E7490", "#1E1B4B", "#E5484D"]) {
      await page.getByRole("textbox", { name: "Brand color" }).fill(color);
      await page.getByRole("textbox", { name: "Brand color" }).blur();
      await page.getByRole("button", { name: "Save" }).click();
      await expectToast(page, "Changes have been saved");
      const [r, g, b] = [1, 3, 5].map((at) => parseInt(color.slice(at, at + 2), 16));
      await expect.poll(() => primaryFilled(page)).toBe(`rgb(${r}, ${g}, ${b})`);
      for (const scheme of ["light", "dark"]) {
        await page.evaluate((value) => document.documentElement.setAttribute("data-mantine-color-scheme", value), scheme);
        expect(await renderedContrast(page, "var(--mantine-color-anchor)"), `${color} links, ${scheme}`).toBeGreaterThanOrEqual(4.5);
        const onFilled = await renderedContrast(page, "var(--mantine-primary-color-contrast)", "var(--mantine-primary-color-filled)");
        expect(onFilled, `text on ${color} buttons, ${scheme}`).toBeGreaterThanOrEqual(4.5);
      }
      await page.evaluate(() => document.documentElement.setAttribute("data-mantine-color-scheme", "light"));
    }
  });

  await test.step("after a reload the profile is kept, and the SVG image is served under a sandbox", async () => {
    await reloadWhenSaved(page);
    await expect(page.getByRole("textbox", { name: "Display name" })).toHaveValue("Acme Heating & Cooling");
    await expect(page.getByRole("textbox", { name: "Brand color" })).toHaveValue("#E5484D");
    await expect(page.locator("form img")).toHaveAttribute("src", /\/api\/api\/file\/[0-9a-f-]{36}\/download$/);
    // The SVG is served as an image under a sandbox, never as a page of its own.
    const src = await page.locator("form img").getAttribute("src");
    const served = await page.request.get(src!);
    expect(served.headers()["content-type"]).toBe("image/svg+xml");
    expect(served.headers()["content-security-policy"]).toContain("sandbox");
    expect(await primaryFilled(page)).not.toBe(before);
    // The organization's image is the tab's icon, after the product's own.
    await expect(page.locator('head link[rel="icon"]').last()).toHaveAttribute("href", src!);
    await expect(page.locator('head link[rel="apple-touch-icon"]')).toHaveAttribute("href", src!);
    const path = testInfo.outputPath("organization-profile.png");
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach("organization-profile", { path, contentType: "image/png" });
  });

  await test.step("the integrations are not connected", async () => {
    await page.getByRole("tab", { name: "Integrations" }).click();
    await expect(page).toHaveURL("/organization/integrations");
    for (const provider of ["Google", "Microsoft"]) {
      const card = page.getByRole("region", { name: `${provider} mailbox` });
      await expect(card).toContainText("Not connected");
      await expect(card.getByRole("button", { name: "Connect" })).toBeVisible();
    }
  });
});

test("personal settings: profile image, name and email frequency are saved and shown after reload", async ({ page, request, baseURL }) => {
  const { email } = await signUpByApi(request, baseURL!);
  await page.goto("/settings");
  await logIn(page, email);
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Full name" })).toHaveValue("Olga Owner");

  await page.getByRole("textbox", { name: "Full name" }).fill("Olga Maria Owner");
  await upload(page, "me.png", "image/png", PNG);
  await expect(page.getByRole("button", { name: "Remove image" })).toBeVisible();
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Changes have been saved");
  // The user menu shows the new name and the uploaded picture.
  const userMenu = page.getByRole("button", { name: "User menu" });
  await expect(userMenu).toContainText("Olga Maria Owner");
  await expect(userMenu.locator("img")).toHaveAttribute("src", /\/api\/api\/file\//);

  await page.getByRole("tab", { name: "Notifications" }).click();
  await expect(page).toHaveURL("/settings/notifications");
  await expect(page.getByRole("combobox", { name: "Email notifications" })).toHaveValue("Instantly");
  await page.getByRole("combobox", { name: "Email notifications" }).click();
  await page.getByRole("option", { name: "Daily" }).click();
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Changes have been saved");

  await reloadWhenSaved(page);
  await expect(page.getByRole("combobox", { name: "Email notifications" })).toHaveValue("Daily");
  await page.getByRole("tab", { name: "Profile" }).click();
  await expect(page.getByRole("textbox", { name: "Full name" })).toHaveValue("Olga Maria Owner");
  await expect(page.locator("form img")).toHaveAttribute("src", /\/api\/api\/file\/[0-9a-f-]{36}\/download$/);

  // An empty name is refused in the form, and nothing is sent.
  await page.getByRole("textbox", { name: "Full name" }).fill("");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.locator("form").getByText("Required")).toBeVisible();
});

/** Settings → Security's email form (the password's form follows it). */
const emailForm = (page: Page) => page.locator("form").first();

/** Mails the loopback SMTP server received for `to`. */
function mailsTo(to: string) {
  const file = path.join(e2eDir, "mails.jsonl");
  const lines = fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim().split("\n").filter(Boolean) : [];
  return lines.map((line) => JSON.parse(line) as { to: string[]; raw: string }).filter((mail) => mail.to.includes(to));
}

test("changing one's own email needs the current password; the old address is told and other sessions end", async ({ page, request, baseURL, browser }, testInfo) => {
  const { email, elsewhere, other } = await test.step("the owner signs up and is signed in on another device too", async () => {
    const { email } = await signUpByApi(request, baseURL!);
    // The same member signed in on another device.
    const elsewhere = await browser.newContext();
    const other = await elsewhere.newPage();
    await other.goto("/settings");
    await logIn(other, email);
    await expect(other.getByRole("heading", { name: "Settings" })).toBeVisible();
    return { email, elsewhere, other };
  });

  const { emailBox, current } = await test.step("Settings → Security shows the email, with no current password asked yet", async () => {
    await page.goto("/settings/security");
    await logIn(page, email);
    // The email's form comes first; the password's, below it, asks for the current password of its own.
    const emailBox = emailForm(page).getByRole("textbox", { name: "Email" });
    await expect(emailBox).toHaveValue(email);
    const current = emailForm(page).getByLabel("Current password", { exact: false });
    await expect(current).toHaveCount(0);
    return { emailBox, current };
  });

  const { next } = await test.step("typing a new email asks for the current password", async () => {
    const next = uniqueEmail("moved");
    // The form may still take in the signed-in session's data right after login; type again until the edit holds.
    await expect(async () => {
      await emailBox.fill(next);
      await expect(current).toBeVisible({ timeout: 1000 });
    }).toPass();
    const shot = testInfo.outputPath("settings-email-proof.png");
    await page.screenshot({ path: shot, fullPage: true });
    await testInfo.attach("settings-email-proof", { path: shot, contentType: "image/png" });
    return { next };
  });

  await test.step("without the current password, then with a wrong one, the change is refused and nothing is sent", async () => {
    // Without the current password, then with a wrong one: refused on the field, nothing saved.
    await emailForm(page).getByRole("button", { name: "Save", exact: true }).click();
    await expectToast(page, "Invalid input", "Enter your current password");
    await expect(emailForm(page).getByText("Enter your current password to change your email or password")).toBeVisible();
    await current.fill("not my password at all");
    await emailForm(page).getByRole("button", { name: "Save", exact: true }).click();
    await expect(emailForm(page).getByText("The current password is not correct")).toBeVisible();
    const refused = testInfo.outputPath("settings-email-wrong-password.png");
    await page.screenshot({ path: refused, fullPage: true });
    await testInfo.attach("settings-email-wrong-password", { path: refused, contentType: "image/png" });
    expect(mailsTo(email).filter((mail) => mail.raw.includes("email was changed"))).toEqual([]);
  });

  await test.step("with the current password the new email is saved", async () => {
    await current.fill(PASSWORD);
    await emailForm(page).getByRole("button", { name: "Save", exact: true }).click();
    await expectToast(page, "Changes have been saved");
    await expect(current).toHaveCount(0);
    await reloadWhenSaved(page);
    await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(next);
  });

  await test.step("the old address is told, and the other device is signed out", async () => {
    await expect.poll(() => mailsTo(email).some((mail) => mail.raw.includes(`Your Craftdesk email was changed to ${next}`))).toBe(true);
    // This browser stays signed in; the other one is signed out.
    await other.reload();
    await expect(other.getByRole("button", { name: "Log in" })).toBeVisible();
    await elsewhere.close();
  });
});
