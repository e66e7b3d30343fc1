import { expect, test, type APIRequestContext, type Locator, type Page, type TestInfo } from "@playwright/test";
import { closeToasts, codeFromMail, expectNoOverflow, expectToast, logIn, MOBILE, PASSWORD, TINY_PNG, uniqueEmail } from "./support";

/** A German plumber's organization, signed up by the API as a German browser would (language de-DE, country DE). */
async function signUpInGerman(request: APIRequestContext, baseURL: string) {
  const email = uniqueEmail();
  const headers = { origin: baseURL, "accept-language": "de-DE,de;q=0.9" };
  const sent = await request.post("/api/api/otp/email", { headers, data: { email } });
  expect(sent.status()).toBe(204);
  const otp = await codeFromMail(email);
  const res = await request.post("/api/api/signup", {
    headers,
    data: { organization: { name: "Sanitär Huber GmbH" }, member: { name: "Jonas Huber", email, password: PASSWORD }, otp },
  });
  expect(res.status(), await res.text()).toBe(201);
  await request.delete("/api/api/session", { headers });
  return email;
}

async function shot(page: Page, testInfo: TestInfo, name: string) {
  await closeToasts(page);
  await page.screenshot({ path: testInfo.outputPath(`${name}-de.png`), fullPage: true });
}


async function dropFile(page: Page, target: Locator, file: { name: string; type: string; bytes: Buffer }) {
  const dataTransfer = await page.evaluateHandle(
    (one) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(one.bytes)], one.name, { type: one.type }));
      return transfer;
    },
    { name: file.name, type: file.type, bytes: [...file.bytes] },
  );
  for (const type of ["dragenter", "dragover", "drop"]) await target.dispatchEvent(type, { dataTransfer });
}

test.describe("customers, conversations and files in German", () => {
  test.use({ locale: "de-DE" });

  test("a customer is created, written to by email and a note, and the conversation reads German", async ({ page, request, baseURL }, testInfo) => {
    const email = await signUpInGerman(request, baseURL!);
    await page.goto("/customer");
    await logIn(page, email, PASSWORD, "de-DE");

    await test.step("the empty customer list", async () => {
      await expect(page.getByRole("heading", { name: "Kunden", level: 2 })).toBeVisible();
      await expect(page.getByText("Noch keine Kunden")).toBeVisible();
      await expect(page.getByRole("link", { name: "Ersten Kunden anlegen" })).toBeVisible();
      await expect(page.getByRole("columnheader", { name: "Telefon" })).toBeVisible();
      await expect(page.getByRole("button", { name: /^Sortierung: Angelegt/ })).toBeVisible();
      await shot(page, testInfo, "customers-empty");
    });

    await test.step("the create form refuses a wrong email and takes a national phone number", async () => {
      await page.getByRole("link", { name: "Ersten Kunden anlegen" }).click();
      await expect(page.getByRole("heading", { name: "Neuer Kunde", level: 2 })).toBeVisible();
      await expect(page.getByRole("textbox", { name: "Adresszeile 1" })).toBeVisible();
      await expect(page.getByRole("textbox", { name: "PLZ" })).toBeVisible();
      await expect(page.getByRole("combobox", { name: "Art" })).toHaveValue("Privatperson");
      await page.getByRole("textbox", { name: "Vor- und Nachname" }).fill("Anna Schmidt");
      const mail = page.getByRole("textbox", { name: "E-Mail" });
      await mail.fill("anna-at-example");
      await page.getByRole("textbox", { name: "Telefon" }).fill("030 1234567");
      await page.locator("form button[type=submit]").click();
      await expect(mail).toHaveAttribute("aria-invalid", "true");
      await expect(page).toHaveURL("/customer/new");
      await shot(page, testInfo, "customer-new-wrong-email");

      await mail.fill("anna.schmidt@example.test");
      await page.locator("form button[type=submit]").click();
      await expect(page).toHaveURL(/\/customer\/[0-9a-f-]{36}$/);
    });

    await test.step("the customer's record: tabs, cards and the activity", async () => {
      await expect(page.getByRole("heading", { name: "Anna Schmidt", level: 2 })).toBeVisible();
      await expect(page.getByRole("tab", { name: "Details" })).toBeVisible();
      await expect(page.getByRole("tab", { name: "Verlauf" })).toBeVisible();
      await expect(page.getByRole("textbox", { name: "Telefon" })).toHaveValue("030 1234567");
      await expect(page.getByRole("heading", { name: "Offene Aufträge" })).toBeVisible();
      await expect(page.getByText("Keine offenen Aufträge für diesen Kunden.")).toBeVisible();
      await expect(page.getByText("Noch keine Gespräche mit diesem Kunden.")).toBeVisible();
      await expect(page.getByText("Noch keine Dateien in Nachrichten mit diesem Kunden.")).toBeVisible();
      await expect(page.getByTestId("activity-item").first()).toContainText("Kunde angelegt von Jonas Huber");
      await shot(page, testInfo, "customer-record");
    });

    await test.step("an email to the customer starts a conversation", async () => {
      await page.getByRole("button", { name: "E-Mail", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Neue E-Mail" });
      await expect(dialog.getByRole("textbox", { name: "Empfänger" })).toHaveValue("anna.schmidt@example.test");
      await dialog.getByRole("textbox", { name: "Betreff" }).fill("Termin für die Heizungswartung");
      await dialog.getByRole("textbox", { name: "Text" }).fill("Guten Tag Frau Schmidt,\nwir kommen am Montag um 8 Uhr.");
      await dialog.getByRole("button", { name: "Senden" }).click();
      await expectToast(page, "Nachricht wurde erstellt");
      await expect(page.getByTestId("activity-item").first()).toContainText("E-Mail an Anna Schmidt von Jonas Huber");
      await page.getByTestId("customer-conversation").getByRole("link").first().click();
    });

    await test.step("the conversation: the email, a note from the reply box, the menu", async () => {
      await expect(page.getByRole("tab", { name: "Nachrichten" })).toBeVisible();
      await expect(page.getByTestId("message")).toHaveCount(1);
      await expect(page.getByTestId("delivery")).toHaveText(/Gesendet|Wird gesendet…/);
      await expect(page.getByText("An anna.schmidt@example.test")).toBeVisible();
      const reply = page.getByRole("region", { name: "Antworten" });
      await reply.getByText("Interne Notiz").click();
      await reply.getByRole("textbox", { name: "Text" }).fill("Kundin wünscht einen Rückruf vor dem Termin.");
      await reply.getByRole("button", { name: "Notiz hinzufügen" }).click();
      await expect(page.getByTestId("message")).toHaveCount(2);
      await expect(page.getByTestId("delivery")).toHaveText("Gesendet");
      await reply.getByText("SMS").click();
      await reply.getByRole("textbox", { name: "Text" }).fill("Bis Montag!");
      await expect(page.getByTestId("sms-counter")).toHaveText("11 Zeichen · 1 Teil · GSM-7");
      await shot(page, testInfo, "conversation");
      await reply.getByRole("textbox", { name: "Text" }).fill("");

      await page.getByRole("button", { name: "Aktionen" }).click();
      await expect(page.getByRole("menuitem", { name: "Gespräch abschließen" })).toBeVisible();
      await expect(page.getByRole("menuitem", { name: "Interne Notiz" })).toBeVisible();
      await page.keyboard.press("Escape");

      await page.setViewportSize(MOBILE);
      await expect(page.getByTestId("message")).toHaveCount(2);
      await expectNoOverflow(page);
      await shot(page, testInfo, "conversation-390");
    });

    await test.step("the conversation list", async () => {
      await page.goto("/conversation");
      await expect(page.getByRole("heading", { name: "Gespräche", level: 2 })).toBeVisible();
      await expect(page.getByRole("row").filter({ hasText: "Termin für die Heizungswartung" })).toContainText("Anna Schmidt");
      await expectNoOverflow(page);
      await shot(page, testInfo, "conversations-390");
      await page.setViewportSize({ width: 1280, height: 800 });
      await expect(page.getByRole("columnheader", { name: "Letzte Nachricht" })).toBeVisible();
      await expect(page.getByRole("columnheader", { name: "Neu", exact: true })).toBeVisible();
      await expect(page.getByRole("row").filter({ hasText: "Termin für die Heizungswartung" })).toContainText("Offen");
      await shot(page, testInfo, "conversations");
    });
  });

  test("files are uploaded and described in German; the unsubscribe page too", async ({ page, request, baseURL }, testInfo) => {
    const email = await signUpInGerman(request, baseURL!);
    await page.goto("/file");
    await logIn(page, email, PASSWORD, "de-DE");

    await test.step("the file list with its storage bar and an upload", async () => {
      await expect(page.getByRole("heading", { name: "Dateien", level: 2 })).toBeVisible();
      await expect(page.getByText("Speicherplatz")).toBeVisible();
      const dropzone = page.getByRole("button", { name: "Dateien hochladen" });
      await expect(dropzone).toContainText("Dateien hierher ziehen oder klicken zum Auswählen");
      await dropFile(page, dropzone, { name: "aufmass.txt", type: "text/plain", bytes: Buffer.alloc(1536, "x") });
      await dropFile(page, dropzone, { name: "foto.png", type: "image/png", bytes: TINY_PNG });
      await expect(page.getByRole("list", { name: "Uploads" }).getByText("Hochgeladen")).toHaveCount(2);
      const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: "aufmass.txt" }) });
      await expect(row).toContainText("Dokument");
      await expect(row).toContainText("1,5 kb");
      await expect(page.getByRole("row").filter({ has: page.getByRole("link", { name: "foto.png" }) })).toContainText("Bild");
      await expect(page.getByTestId("storage-total")).toContainText(/1,5\d? kb/);
      await shot(page, testInfo, "files");
    });

    await test.step("a file's page", async () => {
      await page.getByRole("link", { name: "aufmass.txt" }).click();
      await expect(page.getByRole("region", { name: "Datei" })).toContainText("Dateityp");
      await expect(page.getByText("Nirgends verwendet")).toBeVisible();
      await expect(page.getByRole("button", { name: "Datei entfernen" })).toBeVisible();
      await shot(page, testInfo, "file");
    });

    await test.step("the unsubscribe page", async () => {
      await page.goto("/unsubscribe/0000");
      await expect(page).toHaveTitle("Abmelden · Craftdesk");
      await expect(page.getByRole("heading", { name: "Benachrichtigungs-E-Mails abbestellen" })).toBeVisible();
      await page.getByRole("button", { name: "Abbestellen" }).click();
      await expect(page.getByRole("alert", { name: "Es wurde nichts geändert" })).toContainText("Ihre Benachrichtigungs-E-Mails können Sie in Ihrem Profil ändern.");
      await shot(page, testInfo, "unsubscribe");
    });
  });
});
