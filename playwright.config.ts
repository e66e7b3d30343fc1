import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { e2eDir, e2eGooglePort, e2eMicrosoftPort, e2ePort as port, e2eSmtpPort as smtpPort, e2eStripePort } from "./e2e/paths";

// Chromium's headless shell where it is installed (Debian's chromium-headless-shell): the same
// engine as the browser without its window compositing, so the tests take less CPU.
const chromium = process.env.CHROMIUM_PATH || ["/usr/lib/chromium/chromium-headless-shell", "/usr/bin/chromium"].find((file) => fs.existsSync(file));

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  // Long journeys share two cores with the server and the crash tests' own servers.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recorded for a retry, not for every first try: a trace with page snapshots and screencast
    // doubles the CPU a test takes. A first failure keeps its screenshot and page text.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        ...(process.getuid?.() === 0 ? ["--no-sandbox"] : []),
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    // Under tsx: the launcher also runs the fake mail providers, which are TypeScript.
    command: "npx tsx e2e/serve.mjs",
    // Printed once the server has answered its first requests (e2e/serve.mjs warms it up).
    wait: { stdout: /^E2E server ready at /m },
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      E2E_DIR: e2eDir,
      E2E_PORT: String(port),
      E2E_SMTP_PORT: String(smtpPort),
      E2E_GOOGLE_PORT: String(e2eGooglePort),
      E2E_MICROSOFT_PORT: String(e2eMicrosoftPort),
      E2E_STRIPE_PORT: String(e2eStripePort),
    },
  },
});
