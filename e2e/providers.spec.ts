/**
 * Provider buttons and the mailbox step follow the server's configuration: the shared
 * server has Google and Microsoft clients (their fakes); a server of its own has none.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { distDir, freePort, signUp, startServer, stopServer, type Server } from "./own-server";
import { logIn, picture, signUpByApi } from "./support";

const PROVIDERS = "/api/api/session/providers";

/** Opens a screen and waits for the server's answer about the providers, so what shows is its outcome. */
async function openWithProviders(page: Page, url: string) {
  const answered = page.waitForResponse((res) => new URL(res.url()).pathname === PROVIDERS);
  await page.goto(url);
  return (await answered).json();
}

test("with Google and Microsoft configured, log in and sign-up show both buttons and the dashboard offers Connect a mailbox", async ({
  page,
  request,
  baseURL,
}) => {
  expect(await openWithProviders(page, "/signup")).toEqual({ google: true, microsoft: true });
  await expect(page.getByRole("button", { name: "Continue with Google" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Continue with Microsoft" })).toBeVisible();

  const { email } = await signUpByApi(request, baseURL!);
  await openWithProviders(page, "/");
  await expect(page.getByRole("button", { name: "Continue with Google" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Continue with Microsoft" })).toBeVisible();
  await logIn(page, email);
  const steps = page.getByRole("region", { name: "First steps" });
  await expect(steps.getByRole("link", { name: "Connect a mailbox" })).toBeVisible();
  await expect(steps.getByText("0 of 5 done")).toBeVisible();
});

test.describe("a server with no identity provider configured", () => {
  let server: Server | undefined;
  let dataDir = "";

  test.beforeAll(async () => {
    expect(fs.existsSync(path.join(distDir, "BUILD_ID")), `a build in ${distDir}`).toBe(true);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "craftdesk-providers-"));
    const none = { GOOGLE_CLIENT_ID: "", GOOGLE_CLIENT_SECRET: "", MICROSOFT_CLIENT_ID: "", MICROSOFT_CLIENT_SECRET: "" };
    server = await startServer(dataDir, await freePort(), none);
  });

  test.afterAll(async () => {
    await stopServer(server);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("shows no provider buttons and leaves Connect a mailbox out of the first steps", async ({ page }) => {
    test.setTimeout(180_000);
    const base = server!.base;
    expect(await openWithProviders(page, `${base}/signup`)).toEqual({ google: false, microsoft: false });
    await expect(page.getByRole("button", { name: "Continue", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: /Continue with/ })).toHaveCount(0);
    await expect(page.getByText("or", { exact: true })).toHaveCount(0);

    const { email } = await signUp(server!, dataDir, "Plain Plumbing");
    await openWithProviders(page, `${base}/`);
    await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
    await expect(page.getByRole("button", { name: /Continue with/ })).toHaveCount(0);
    await picture(page, "login-no-providers");

    await logIn(page, email);
    const steps = page.getByRole("region", { name: "First steps" });
    await expect(steps.getByText("0 of 4 done")).toBeVisible();
    await expect(steps.getByRole("link", { name: "Invite a member" })).toBeVisible();
    await expect(steps.getByRole("link", { name: "Connect a mailbox" })).toHaveCount(0);
    await picture(page, "dashboard-no-mailbox");
  });
});
