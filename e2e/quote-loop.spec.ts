import { expect, test } from "@playwright/test";
import { pdfText } from "../test/pdf";
import { addFromBook, choose, customerPhone, draftFromQuote, optionTotals, quoteMail, sendByEmail, sign, startQuote } from "./quote-steps";
import { closeToasts, expectToast, hydrated, logIn, ownerApi, picture, savedForm, signInByApi, signUpByApi, uniqueEmail } from "./support";

type AgreedLines = { sections: { title: string; lines: { name: string; quantity: number; unit_price: number; net: number }[] }[]; totals: { net: number; tax: number; gross: number } };

/**
 * The whole loop of a quote (issue 38): the office prices items by cost and markup,
 * builds a quote of two options with an optional add-on, two tax rates and a deposit,
 * and emails it; the customer opens the link on their phone, chooses Premium with the
 * add-on, signs after the terms and approves; the office sees the answer, the signed
 * PDF, a project holding only what was chosen, and the answer in the conversation.
 *
 * The figures, in pounds (a British business: 20 % standard rate, 5 % reduced):
 *   Gas boiler 1,000 + 25 % = 1,250 (20 %)  Heat pump 4,000 + 25 % = 5,000 (5 %)
 *   Fitting 30/h + 100 % = 60 (20 %)        Smart thermostat 120 + 50 % = 180 (20 % in the book, 5 % on the quote)
 *   Standard: boiler + 8 h fitting = 1,730 net, 346 tax, 2,076 gross, deposit 30 % 622.80
 *   Premium: heat pump + 16 h = 5,960 net, 250 + 192 tax, 6,402 gross, deposit 1,920.60
 *     with the thermostat: 6,140 net, 451 tax, 6,591 gross, deposit 1,977.30
 */
test("the whole loop: price book, quote of two options, email, the customer signs on a phone, the office gets the project", async ({ page, browser, request, baseURL }) => {
  const customer = { name: "Carla Customer", email: uniqueEmail("carla") };
  const signer = "Carla M. Customer";
  const title = "Heating for the barn";
  const { email } = await signUpByApi(request, baseURL!, "Warm Homes");
  const headers = await signInByApi(request, baseURL!, email);
  // A British business, told before anything reads its tax rates (the first read gives it its country's).
  const session = await (await request.get("/api/api/session")).json();
  await ownerApi(request, headers).patch(`/organization/${session.organization.id}`, { country: "GB" });
  const owner = ownerApi(page.request, headers);
  let quoteId = "";
  let number = "";
  let link = "";

  await test.step("the office prices its items: cost plus markup, each with its tax rate", async () => {
    await page.goto("/price_item");
    await hydrated(page);
    await logIn(page, email);
    await expect(page.getByText("No price items yet")).toBeVisible();
    const rates = (await (await page.request.get("/api/api/tax_rate")).json()).items as { id: string; name: string; default: boolean }[];
    expect(rates.map((rate) => rate.name)).toEqual(expect.arrayContaining(["Standard rate", "Reduced rate"]));

    // One through the price book's screen: the price follows the cost and the markup.
    await page.getByRole("link", { name: "New price item" }).first().click();
    await hydrated(page);
    await page.getByRole("textbox", { name: "Name" }).fill("Heat pump");
    await choose(page, "Unit", "Piece");
    await page.getByRole("textbox", { name: "Unit cost" }).fill("4000");
    await page.getByRole("textbox", { name: "Markup" }).fill("25");
    await expect(page.getByRole("textbox", { name: "Unit price" })).toHaveValue("5,000.00");
    await choose(page, "Tax rate", "Reduced rate · 5 %");
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Price item Heat pump has been created");

    // The others through the API, as cost and markup too; they take the default (standard) rate.
    await owner.post("/price_item", { name: "Gas boiler", unit: "piece", unit_cost: 100_000, markup: 25 });
    await owner.post("/price_item", { name: "Fitting", unit: "hour", unit_cost: 3_000, markup: 100 });
    await owner.post("/price_item", { name: "Smart thermostat", unit: "piece", unit_cost: 12_000, markup: 50 });
    const items = (await (await page.request.get("/api/api/price_item?sort=name:asc")).json()).items as { name: string; unit_price: number; unit_cost: number; markup: number }[];
    expect(items.map((item) => [item.name, item.unit_cost, item.markup, item.unit_price])).toEqual([
      ["Fitting", 3_000, 100, 6_000],
      ["Gas boiler", 100_000, 25, 125_000],
      ["Heat pump", 400_000, 25, 500_000],
      ["Smart thermostat", 12_000, 50, 18_000],
    ]);
  });

  const created = await owner.post<{ id: string }>("/customer", { name: customer.name, email: customer.email });
  await owner.post("/project_type", { name: "Heating installation", icon: "flame" });

  await test.step("a quote from the price book: Standard and Premium, an optional add-on, a rate per line, a 30 % deposit", async () => {
    quoteId = await startQuote(page, { id: created.id, name: customer.name }, title);

    // The first option, Standard: the gas boiler and 8 hours of fitting.
    await page.getByRole("textbox", { name: "Section title" }).fill("Installation");
    await addFromBook(page, "Installation", ["Gas boiler", "Fitting"]);
    const standard = page.getByRole("region", { name: "Installation" });
    await standard.getByRole("listitem", { name: "Line 2" }).getByRole("textbox", { name: "Quantity" }).fill("8");
    await expect(optionTotals(page, "Totals").getByTestId("total-net")).toHaveText("£1,730.00");
    await expect(optionTotals(page, "Totals").getByTestId("total-gross")).toHaveText("£2,076.00");

    // Premium: the heat pump (5 %) and 16 hours of fitting (20 %), and the thermostat as an optional add-on.
    await page.getByRole("button", { name: "Add option" }).click();
    await expect(page.getByRole("tab", { name: "Option 2" })).toHaveAttribute("aria-selected", "true");
    await page.getByRole("textbox", { name: "Option name" }).fill("Premium");
    await page.getByRole("textbox", { name: "Section title" }).fill("Installation");
    await addFromBook(page, "Installation", ["Heat pump", "Fitting"]);
    const premium = page.getByRole("region", { name: "Installation" });
    await expect(premium.getByRole("listitem", { name: "Line 1" }).getByRole("textbox", { name: "Name", exact: true })).toHaveValue("Heat pump");
    await premium.getByRole("listitem", { name: "Line 2" }).getByRole("textbox", { name: "Quantity" }).fill("16");
    await expect(premium.getByRole("listitem", { name: "Line 1" }).getByRole("combobox", { name: "Tax rate" })).toHaveValue("Reduced rate · 5 %");
    await expect(premium.getByRole("listitem", { name: "Line 2" }).getByRole("combobox", { name: "Tax rate" })).toHaveValue("Standard rate · 20 %");
    await expect(optionTotals(page, "Premium").getByTestId("total-tax")).toHaveText("£442.00");
    await expect(optionTotals(page, "Premium").getByTestId("total-gross")).toHaveText("£6,402.00");

    await page.getByRole("button", { name: "Add section" }).click();
    await page.getByRole("textbox", { name: "Section title" }).nth(1).fill("Extras");
    await addFromBook(page, "Extras", ["Smart thermostat"]);
    const extras = page.getByRole("region", { name: "Extras" });
    // Heating controls are energy-saving materials: this line's rate is the reduced one.
    await choose(page, extras.getByRole("combobox", { name: "Tax rate" }), "Reduced rate · 5 %");
    await expect(optionTotals(page, "Premium").getByTestId("total-gross")).toHaveText("£6,591.00");
    await extras.getByRole("checkbox", { name: "Optional (the customer ticks it)" }).check();
    await extras.getByRole("checkbox", { name: "Ticked by default" }).uncheck();
    await expect(optionTotals(page, "Premium").getByTestId("total-gross")).toHaveText("£6,402.00");

    // A 30 % deposit, the terms, and the type of the project an approval creates.
    await page.locator("label").filter({ hasText: /^Percentage$/ }).click();
    await page.getByRole("textbox", { name: "Percentage" }).fill("30");
    await expect(optionTotals(page, "Premium").getByTestId("total-deposit")).toHaveText("£1,920.60");
    await page.getByRole("tab", { name: "Option 1" }).click();
    await page.getByRole("textbox", { name: "Option name" }).fill("Standard");
    await expect(optionTotals(page, "Standard").getByTestId("total-deposit")).toHaveText("£622.80");
    await page.getByRole("textbox", { name: "Terms" }).fill("Payment within 14 days of completion. The deposit is due on approval.");
    await choose(page, "Type of the project to create", "Heating installation");
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, `Quote "${title}" has been updated`);
    await savedForm(page);

    const saved = await (await page.request.get(`/api/api/quote/${quoteId}`)).json();
    expect(saved.options.map((option: { name: string; totals: { gross: number }; deposit: number }) => [option.name, option.totals.gross, option.deposit])).toEqual([
      ["Standard", 207_600, 62_280],
      ["Premium", 640_200, 192_060],
    ]);
    expect(saved.deposit).toEqual({ percent: 30 });
  });

  await test.step("sent by email from the Send dialog: the customer's mail has the PDF and the link", async () => {
    number = await sendByEmail(page, customer.name);
    const mail = await quoteMail(customer.email, number);
    expect(mail.text).toContain(title);
    expect(mail.pdf?.filename).toMatch(new RegExp(`${number}.*\\.pdf$`));
    const attached = await pdfText(new Uint8Array(mail.pdf!.body));
    expect(attached).toContain(`Quote ${number}`);
    expect(attached).toContain("Option 1: Standard");
    expect(attached).toContain("Option 2: Premium");
    expect(attached).toContain("Optional, not included");
    link = new URL(mail.link).pathname;
  });

  const phone = await customerPhone(browser);
  const customerPage = phone.page;
  await test.step("the customer on their phone: Premium and the add-on, the terms, name and signature, approve", async () => {
    await customerPage.goto(link);
    await hydrated(customerPage);
    await expect(customerPage.getByRole("heading", { name: title })).toBeVisible();
    const total = customerPage.getByTestId("quote-total");
    const deposit = customerPage.getByTestId("quote-deposit");
    await expect(total).toHaveText("£2,076.00");
    await expect(deposit).toHaveText("£622.80");

    await customerPage.getByRole("radio", { name: /Premium/ }).check();
    await expect(customerPage.getByText("Heat pump")).toBeVisible();
    await expect(customerPage.getByText("Gas boiler")).toHaveCount(0);
    await expect(customerPage.getByText("16 hours × £60.00")).toBeVisible();
    await expect(total).toHaveText("£6,402.00");
    await expect(deposit).toHaveText("£1,920.60");
    await customerPage.getByRole("checkbox", { name: "Optional: Smart thermostat" }).check();
    await expect(total).toHaveText("£6,591.00");
    await expect(deposit).toHaveText("£1,977.30");
    await expect(customerPage.getByRole("radio", { name: /Premium/ })).toContainText("£6,591.00");

    // The terms come before the signature; reading them, then signing.
    const terms = customerPage.getByText("Payment within 14 days of completion.");
    await terms.scrollIntoViewIfNeeded();
    await expect(terms).toBeInViewport();
    const pad = customerPage.getByTestId("signature-pad");
    expect((await pad.boundingBox())!.y).toBeGreaterThan((await terms.boundingBox())!.y);
    await customerPage.getByRole("textbox", { name: "Your full name" }).fill(signer);
    await sign(customerPage);
    await customerPage.getByRole("button", { name: "Approve and sign" }).click();

    const outcome = customerPage.getByTestId("quote-outcome");
    await expect(outcome).toHaveAttribute("data-state", "approved");
    await expect(outcome).toContainText(`by ${signer}`);
    await expect(outcome).toContainText("Chosen: Premium");
    await expect(outcome).toContainText("The other options are declined.");
    await expect(customerPage.getByRole("button", { name: "Approve and sign" })).toHaveCount(0);
    await expect(customerPage.getByRole("radio", { name: /Standard/ })).toContainText("Declined");
    await expect(total).toHaveText("£6,591.00");
    await picture(customerPage, "customer-page-approved");
  });
  await phone.context.close();

  let projectUrl = "";
  await test.step("the office: Approved, Standard declined, and the signed PDF", async () => {
    await page.goto(`/quote/${quoteId}`);
    await hydrated(page);
    await expect(page.getByTestId("quote-status")).toHaveText("Approved");
    const answer = page.getByTestId("quote-answer");
    await expect(answer).toContainText("Approved by the customer");
    await expect(answer).toContainText(signer);
    await expect(answer).toContainText("Chosen option: Premium");
    await expect(answer).toContainText("Declined with it: Standard");
    await expect(answer).toContainText("Smart thermostat");
    await expect(answer).toContainText("Signed on the customer's page");
    // The editor's totals of the chosen option are the approved ones, with the add-on.
    await expect(optionTotals(page, "Premium").getByTestId("total-gross")).toHaveText("£6,591.00");
    await expect(optionTotals(page, "Premium").getByTestId("total-deposit")).toHaveText("£1,977.30");
    await expect(optionTotals(page, "Standard").getByTestId("total-gross")).toHaveText("£2,076.00");
    await closeToasts(page);
    await picture(page, "approved-quote");

    const href = await page.getByRole("link", { name: "Preview PDF" }).getAttribute("href");
    expect(href).toBe(`/api/api/quote/${quoteId}/pdf`);
    const pdf = await page.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    const text = await pdfText(new Uint8Array(await pdf.body()));
    expect(text).toContain(`Signed by ${signer}`);
    expect(text).toContain("Option chosen: Premium");
    expect(text).toContain("Option 2: Premium — chosen");
    expect(text).toContain("Option 1: Standard — declined");
    expect(text).toContain("Optional, included");
    expect(text).not.toContain("DRAFT");

    await page.getByRole("link", { name: "Open the project created" }).click();
    await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/);
    projectUrl = page.url();
  });

  await test.step("the project holds only the chosen lines: Premium's and the add-on", async () => {
    const projectId = projectUrl.split("/").pop()!;
    const project = await (await page.request.get(`/api/api/project/${projectId}`)).json();
    expect(project.title).toBe(title);
    await page.getByRole("tab", { name: "Quotes" }).click();
    const agreed = page.getByRole("region", { name: "Agreed work" });
    const rows = agreed.getByTestId("project-lines").locator("tbody tr");
    await expect(rows).toHaveText([/^Installation$/, /^Heat pump\s*1 piece\s*£5,000\.00$/, /^Fitting\s*16 hours\s*£960\.00$/, /^Extras$/, /^Smart thermostat\s*1 piece\s*£180\.00$/]);
    await expect(agreed).not.toContainText("Gas boiler");
    await expect(agreed.getByTestId("project-lines-gross")).toHaveText("£6,591.00");
    await expect(page.getByRole("region", { name: "Quotes" }).getByRole("link", { name: title })).toBeVisible();
    await closeToasts(page);
    await picture(page, "project-agreed-work");

    const lines = (await (await page.request.get(`/api/api/project/${projectId}/lines`)).json()) as AgreedLines;
    expect(lines.sections.map((section) => [section.title, section.lines.map((line) => [line.name, line.quantity, line.net])])).toEqual([
      ["Installation", [["Heat pump", 1, 500_000], ["Fitting", 16, 96_000]]],
      ["Extras", [["Smart thermostat", 1, 18_000]]],
    ]);
    expect(lines.totals).toMatchObject({ net: 614_000, tax: 45_100, gross: 659_100 });
  });

  await test.step("the customer's answer is in their conversation, after the quote sent", async () => {
    await page.goto(`/customer/${created.id}`);
    await hydrated(page);
    const conversations = page.getByRole("region", { name: "Conversations" });
    await conversations.getByTestId("customer-conversation").first().getByRole("link").first().click();
    await expect(page).toHaveURL(/\/conversation\/[0-9a-f-]{36}$/);
    const messages = page.getByTestId("message");
    const sent = messages.filter({ hasText: `Quote ${number}` }).first();
    await expect(sent).toHaveAttribute("data-direction", "outgoing");
    await expect(sent.getByTestId("delivery")).toHaveText("Sent");
    const answer = page.locator('[data-testid="message"][data-kind="page"]');
    await expect(answer).toHaveCount(1);
    await expect(answer).toContainText(`Quote ${number} approved`);
    await expect(answer).toContainText("Chosen option: Premium, total £6,591.00");
    await expect(answer).toContainText("The other options are declined.");
    await expect(answer).toContainText("Optional items: Smart thermostat");
    await expect(answer).toContainText(`From ${signer} on the quote's page`);
    await closeToasts(page);
    await picture(page, "conversation-answer");
  });

  await test.step("the 30 % deposit becomes the first invoice, a draft for the office to issue", async () => {
    await draftFromQuote(page, quoteId, "Deposit invoice");
    const deposit = await (await page.request.get(`/api/api/invoice/${page.url().split("/").pop()}`)).json();
    expect(deposit).toMatchObject({ kind: "deposit", quote: quoteId, customer: created.id });
    // One line per tax rate of Premium, each its share of the deposit: £1,977.30 within a penny.
    expect(Math.abs(deposit.total - 197_730)).toBeLessThanOrEqual(1);
  });
});
