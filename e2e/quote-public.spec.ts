import { expect, test, type APIRequestContext } from "@playwright/test";
import { customerPhone, sign } from "./quote-steps";
import { codeFromMail, hydrated, logIn, PASSWORD, uniqueEmail } from "./support";

/** Signs up and stays signed in on the API context, which then arranges the quote as the office would. */
async function officeByApi(request: APIRequestContext, baseURL: string) {
  const email = uniqueEmail();
  const headers = { origin: baseURL };
  expect((await request.post("/api/api/otp/email", { headers, data: { email, language: "en-US" } })).status()).toBe(204);
  const otp = await codeFromMail(email);
  const signup = await request.post("/api/api/signup", {
    headers,
    data: { organization: { name: "Bright Heating", language: "en-US" }, member: { name: "Olga Owner", email, password: PASSWORD }, otp },
  });
  expect(signup.status()).toBe(201);
  const post = async (path: string, data: unknown, status = 201) => {
    const res = await request.post(`/api/api${path}`, { headers, data });
    expect(res.status(), await res.text()).toBe(status);
    return res.json();
  };
  const patch = async (path: string, data: unknown) => {
    const res = await request.patch(`/api/api${path}`, { headers, data });
    expect(res.status(), await res.text()).toBe(200);
    return res.json();
  };
  return { email, post, patch, get: async (path: string) => (await request.get(`/api/api${path}`)).json() };
}

test("a customer approves a quote on their phone: picks Premium and an add-on, signs, and the office gets a project with those lines", async ({ browser, request, baseURL }) => {
  const office = await officeByApi(request, baseURL!);
  const customer = await office.post("/customer", { name: "Carla Customer", email: uniqueEmail("carla") });
  const type = await office.post("/project_type", { name: "Installation", icon: "flame" });
  // A field the approval cannot fill in: the project it makes lacks it.
  await office.patch(`/project_type/${type.id}`, { fields: [{ id: 1, title: "Boiler serial number", kind: "text", required: true }] });
  const line = (name: string, unit_price: number, quantity: number, extra: Record<string, unknown> = {}) => ({ name, unit: "piece", unit_price, quantity, ...extra });
  const quote = await office.post("/quote", {
    customer: customer.id,
    title: "New boiler",
    introduction: "Thank you for your enquiry. Two ways to go:",
    terms: "Payment within 14 days of completion.",
    deposit: { percent: 30 },
    options: [
      { name: "Standard", description: "A reliable boiler", sections: [{ title: "Boiler", lines: [line("Boiler S", 150_000, 1), line("Fitting", 6_000, 4, { unit: "hour" })] }] },
      {
        name: "Premium",
        description: "Quieter and more efficient",
        sections: [
          { title: "Boiler", lines: [line("Boiler P", 250_000, 1), line("Fitting", 6_000, 5, { unit: "hour" })] },
          { title: "Extras", lines: [line("Smart thermostat", 20_000, 1, { optional: true, selected: false })] },
        ],
      },
    ],
  });
  await office.post(`/quote/${quote.id}/send`, { channel: "email" }, 200);
  const { url } = await office.post(`/quote/${quote.id}/link`, {}, 200);
  const path = new URL(url).pathname;

  // The customer's phone: a browser of its own, never signed in here.
  const { context: phone, page } = await customerPhone(browser);
  await page.goto(path);
  await hydrated(page);
  await expect(page).toHaveTitle(/Quote Q-.* · Bright Heating/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.getByRole("heading", { name: "New boiler" })).toBeVisible();
  await expect(page.getByText("Bright Heating").first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("quote-page-top.png") });
  await page.screenshot({ path: test.info().outputPath("quote-page-full.png"), fullPage: true });

  // Standard is shown first; picking Premium shows its lines and its totals (taxed at the organization's default rate).
  const total = page.getByTestId("quote-total");
  const standardTotal = await total.textContent();
  await page.getByRole("radio", { name: /Premium/ }).check();
  await expect(page.getByText("Boiler P")).toBeVisible();
  const premiumTotal = await total.textContent();
  expect(premiumTotal).not.toBe(standardTotal);
  // Ticking the add-on adds it to the total and the deposit.
  const deposit = await page.getByTestId("quote-deposit").textContent();
  await page.getByRole("checkbox", { name: "Optional: Smart thermostat" }).check();
  await expect(total).not.toHaveText(premiumTotal!);
  await expect(page.getByTestId("quote-deposit")).not.toHaveText(deposit!);
  const agreed = await total.textContent();

  // Signing comes after the terms.
  const terms = await page.getByText("Payment within 14 days of completion.").boundingBox();
  const pad = await page.getByTestId("signature-pad").boundingBox();
  expect(pad!.y).toBeGreaterThan(terms!.y);
  // Approving without a name or signature says what is missing.
  await page.getByRole("button", { name: "Approve and sign" }).click();
  await expect(page.getByText("Please type your name")).toBeVisible();
  await expect(page.getByText("Please sign in the box")).toBeVisible();
  await page.getByRole("textbox", { name: "Your full name" }).fill("Carla Customer");
  await sign(page);
  await page.getByTestId("signature-pad").screenshot({ path: test.info().outputPath("quote-page-signed-box.png") });
  await page.screenshot({ path: test.info().outputPath("quote-page-signing.png") });
  await page.getByRole("button", { name: "Approve and sign" }).click();

  const outcome = page.getByTestId("quote-outcome");
  await expect(outcome).toHaveAttribute("data-state", "approved");
  await expect(outcome).toContainText("Approved");
  await expect(outcome).toContainText("by Carla Customer");
  await expect(outcome).toContainText("Chosen: Premium");
  await expect(outcome).toContainText("The other options are declined.");
  await expect(page.getByRole("button", { name: "Approve and sign" })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("quote-page-approved.png") });

  // Opened again, the page shows the outcome and the agreed choice.
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId("quote-outcome")).toHaveAttribute("data-state", "approved");
  await expect(page.getByTestId("quote-total")).toHaveText(agreed!);
  await expect(page.getByRole("checkbox", { name: "Optional: Smart thermostat" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Optional: Smart thermostat" })).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath("quote-page-approved-full.png"), fullPage: true });
  const pdf = await page.request.get(`/api/api/public/quote/${path.split("/").pop()}/pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");

  // The office: approved with the choice, and a project with only the chosen lines.
  const approved = await office.get(`/quote/${quote.id}`);
  expect(approved.status).toBe("approved");
  expect(approved.chosen_option).toBe(approved.options[1].id);
  expect(approved.answers.at(-1)).toMatchObject({ answer: "approved", name: "Carla Customer", has_signature: true });
  expect(approved.project).toBeTruthy();
  const project = await office.get(`/project/${approved.project}`);
  expect(project.title).toBe("New boiler");
  await phone.close();

  // The office's screens: the quote is final, and says since when; the project shows what it still lacks.
  const staff = await browser.newPage();
  await staff.goto(`/quote/${quote.id}`);
  await logIn(staff, office.email);
  await expect(staff.getByTestId("quote-status")).toHaveText("Approved");
  await expect(staff.getByText(/^Approved on .+: the quote can no longer change\.$/)).toBeVisible();
  await expect(staff.getByText("Revise it to write its next revision.")).toHaveCount(0);
  await expect(staff.getByRole("button", { name: "Revise" })).toHaveCount(0);
  await staff.goto(`/project/${approved.project}`);
  const serial = staff.getByRole("textbox", { name: "Boiler serial number" });
  await expect(serial).toBeVisible();
  await expect(serial).toHaveAttribute("aria-invalid", "true");
  await staff.screenshot({ path: test.info().outputPath("project-from-quote.png"), fullPage: true });
  await staff.close();
});
