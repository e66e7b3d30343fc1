import { expect, test } from "@playwright/test";
import { customerPhone } from "./quote-steps";
import { codeFromMail, expectNoOverflow, hydrated, mailTo, PASSWORD, TINY_PNG, uniqueEmail } from "./support";

test("a customer opens their invoice's link on a phone, sees the amount due, downloads the PDF and pays by card", async ({ browser, request, baseURL }) => {
  const email = uniqueEmail();
  const headers = { origin: baseURL! };
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
  const organization = (await signup.json()).organization.id as string;
  // Its logo: the organization's image, which the invoices it issues show on their page.
  const image = await request.post("/api/api/file", { headers, multipart: { file: { name: "logo.png", mimeType: "image/png", buffer: TINY_PNG } } });
  expect(image.status(), await image.text()).toBe(201);
  const business = await request.patch(`/api/api/organization/${organization}`, {
    headers,
    data: { image: (await image.json()).id, business: { legal_name: "Bright Heating Ltd", bank: { iban: "GB29 NWBK 6016 1331 9268 19" } } },
  });
  expect(business.status(), await business.text()).toBe(200);

  const to = uniqueEmail("carla");
  const customer = await post("/customer", { name: "Carla Customer", email: to });
  const draft = await post("/invoice", {
    from: "blank",
    customer: customer.id,
    title: "Boiler service",
    sections: [{ title: "Work", lines: [{ name: "Annual service", unit: "piece", unit_price: 12_000, quantity: 1 }, { name: "Labour", unit: "hour", unit_price: 6_000, quantity: 1.5 }] }],
  });
  const issued = await post(`/invoice/${draft.id}/issue`, {}, 200);
  await post(`/invoice/${draft.id}/send`, { channel: "email" }, 200);
  // The link as the customer's email carries it (quoted-printable lines joined again).
  const raw = (await mailTo(to, /p\/invoice/)).replace(/=\r?\n/g, "");
  const path = /\/p\/invoice\/[A-Za-z0-9_-]{43}/.exec(raw)![0];

  const { context: phone, page } = await customerPhone(browser);
  await page.goto(path);
  await hydrated(page);
  await expect(page).toHaveTitle(new RegExp(`Invoice ${issued.number} · Bright Heating`));
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.getByRole("heading", { name: "Boiler service" })).toBeVisible();
  await expect(page.getByTestId("invoice-number")).toHaveText(`Invoice ${issued.number}`);
  const due = page.getByTestId("invoice-due");
  await expect(due).toBeVisible();
  const amount = new Intl.NumberFormat("en-US", { style: "currency", currency: issued.currency }).format(issued.due / 100);
  await expect(due).toHaveText(amount);
  await expect(page.getByText("Annual service")).toBeVisible();
  const logo = page.getByRole("img", { name: "Bright Heating" });
  await expect(logo).toBeVisible();
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  // The browser tests' server has Stripe set up (a fake of its API on loopback): the invoice can be paid online.
  await expect(page.getByTestId("invoice-pay")).toHaveText(`Pay ${amount} online`);
  await expectNoOverflow(page);
  await page.screenshot({ path: "/tmp/invoice-send-public-top.png" });
  await page.screenshot({ path: "/tmp/invoice-send-public-full.png", fullPage: true });

  const link = page.getByTestId("invoice-pdf");
  await expect(link).toHaveText("Download PDF");
  const pdf = await page.request.get((await link.getAttribute("href"))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // Pay by card: Stripe's checkout page (the fake's), whose Pay posts the signed event to the webhook and comes back.
  await page.getByTestId("invoice-pay").click();
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/p\/invoice\/[A-Za-z0-9_-]{43}\?paid=1$/);
  await expect(page.getByText("This invoice is paid. Thank you!")).toBeVisible();
  await expect(page.getByTestId("invoice-pay")).toHaveCount(0);
  const paid = await (await request.get(`/api/api/invoice/${draft.id}`)).json();
  expect(paid).toMatchObject({ status: "paid", due: 0, paid: issued.due });
  const payments = await (await request.get(`/api/api/payment?invoice=${draft.id}`)).json();
  expect(payments.items).toEqual([expect.objectContaining({ method: "stripe", amount: issued.due })]);
  await phone.close();
});
