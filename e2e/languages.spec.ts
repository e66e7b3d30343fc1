import { expect, test } from "@playwright/test";
import { closeToasts, codeFromMail, expectNoOverflow, expectToast, logIn, mailHeader, mailTo, MOBILE, PASSWORD, rawEmail, signUpByApi, uniqueEmail } from "./support";

test.describe("in German", () => {
  test.use({ locale: "de-DE" });

  test("a German browser signs up in German and gets a German organization and shell", async ({ page }, testInfo) => {
    const email = uniqueEmail();
    await page.goto("/signup");
    await expect(page.locator("html")).toHaveAttribute("lang", "de-DE");
    await expect(page.getByRole("heading", { name: "Betrieb anlegen" })).toBeVisible();
    await expect(page).toHaveTitle("Betrieb anlegen · Craftdesk");
    await expect(page.getByText("Mindestens 12 Zeichen")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("signup-de.png"), fullPage: true });

    await page.getByLabel("Name des Betriebs").fill("Sanitär Huber GmbH");
    await page.getByLabel("Vor- und Nachname").fill("Jonas Huber");
    await page.getByLabel("E-Mail").fill(email);
    await page.getByRole("textbox", { name: "Passwort" }).fill(PASSWORD);
    await page.getByRole("button", { name: "Weiter", exact: true }).click();

    const dialog = page.getByRole("dialog", { name: "Einmalcode" });
    await expect(dialog).toContainText(`Wir haben einen 6-stelligen Code an ${email} geschickt.`);
    await page.screenshot({ path: testInfo.outputPath("signup-code-de.png"), fullPage: true });
    await expect(dialog.getByRole("textbox").first()).toBeFocused();
    await page.keyboard.type(await codeFromMail(email, /Ihr Craftdesk-Code/));
    await dialog.getByRole("button", { name: "Bestätigen" }).click();

    await expectToast(page, "Willkommen bei Craftdesk", "Ihre ersten Schritte finden Sie auf der Übersicht");
    const customers = page.getByRole("group", { name: "Kunden" });
    await expect(customers.getByRole("link", { name: "Kunden" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Aufträge" }).getByRole("link", { name: "Auftragsarten" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Start" }).getByRole("link", { name: "Übersicht" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Start" }).getByRole("button", { name: "Benachrichtigungen" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Verwaltung" }).getByRole("link", { name: "Mitarbeiter" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Betrieb" }).getByRole("link", { name: "Einstellungen" })).toBeVisible();
    await page.getByRole("button", { name: "Benutzermenü" }).click();
    await expect(page.getByRole("menuitem", { name: "Darstellung" })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("shell-de.png"), fullPage: true });

    // The organization speaks German from now on, whatever the browser.
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "de-DE");
    await page.getByRole("button", { name: "Benutzermenü" }).click();
    await page.getByRole("menuitem", { name: "Abmelden" }).click();
    await expect(page.getByRole("button", { name: "Anmelden" })).toBeVisible();
  });
});

test.describe("in German, signed out", () => {
  test.use({ locale: "de-DE" });

  test("recovery and a broken invitation link speak German", async ({ page, request, baseURL }, testInfo) => {
    await page.goto("/invite/not-a-real-token");
    await expect(page.getByRole("heading", { name: "Dieser Einladungslink funktioniert nicht" })).toBeVisible();
    await expect(page.getByText("Der Link ist abgelaufen oder nicht mehr gültig")).toBeVisible();
    await expect(page.getByRole("link", { name: "Zur Anmeldung" })).toBeVisible();

    const { email } = await signUpByApi(request, baseURL!);
    await page.goto("/recover");
    await expect(page.getByRole("heading", { name: "Passwort vergessen" })).toBeVisible();
    await page.getByLabel("E-Mail").fill(email);
    await page.getByRole("button", { name: "Code senden" }).click();
    await expect(page.getByRole("heading", { name: "Neues Passwort festlegen" })).toBeVisible();
    await expect(page.getByText(`Wir haben einen 6-stelligen Code an ${email} geschickt, falls ein Konto diese Adresse nutzt.`)).toBeVisible();
    // The organization speaks US English, so its members' mail does too.
    await page.keyboard.type(await codeFromMail(email, /Use it to set a new password/));
    await page.getByRole("textbox", { name: "Neues Passwort" }).fill("a brand new passphrase");
    await page.getByRole("textbox", { name: "Passwort wiederholen" }).fill("another passphrase");
    await page.getByRole("button", { name: "Passwort speichern und anmelden" }).click();
    await expect(page.getByText("Die Passwörter stimmen nicht überein")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("recover-de.png"), fullPage: true });
    await page.getByRole("textbox", { name: "Passwort wiederholen" }).fill("a brand new passphrase");
    await page.getByRole("button", { name: "Passwort speichern und anmelden" }).click();
    await expectToast(page, "Ihr neues Passwort ist gespeichert", "Ihre anderen Sitzungen wurden abgemeldet");
    await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  });
});

test.describe("in French on a phone", () => {
  test.use({ locale: "fr-FR", viewport: { width: 390, height: 844 } });

  test("the log-in screen speaks French; once signed in, the organization's language wins", async ({ page, request, baseURL }, testInfo) => {
    // The organization speaks US English (the API names it).
    const { email } = await signUpByApi(request, baseURL!);
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr-FR");
    await expect(page.getByRole("heading", { name: "Connexion" })).toBeVisible();
    await expect(page).toHaveTitle("Connexion · Craftdesk");
    await expect(page.getByRole("link", { name: "Mot de passe oublié ?" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Créer une entreprise" })).toBeVisible();

    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("textbox", { name: "Mot de passe" }).fill("a wrong password");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByText("E-mail ou mot de passe incorrect")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("login-fr-390.png"), fullPage: true });
    await expectNoOverflow(page);

    await page.getByRole("textbox", { name: "Mot de passe" }).fill(PASSWORD);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expectToast(page, "Bon retour");
    await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  });
});

test("an admin switches the organization to German: the screens follow at once and after a reload", async ({ page, request, baseURL }, testInfo) => {
  const { email } = await signUpByApi(request, baseURL!, "Acme Heating");
  await page.goto("/organization");
  await logIn(page, email);
  await expect(page.getByRole("heading", { name: "Acme Heating" })).toBeVisible();
  const language = page.getByRole("combobox", { name: "Language" });
  await expect(language).toHaveValue("English (US)");
  await language.click();
  await expect(page.getByRole("option", { name: "Français" })).toBeVisible();
  await page.getByRole("option", { name: "Deutsch" }).click();
  await page.screenshot({ path: testInfo.outputPath("organization-language.png"), fullPage: true });
  await page.getByRole("button", { name: "Save" }).click();

  await expect(page.locator("html")).toHaveAttribute("lang", "de-DE");
  await expect(page.getByRole("group", { name: "Kunden" }).getByRole("link", { name: "Kunden" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("group", { name: "Betrieb" }).getByRole("link", { name: "Standorte" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Sprache" })).toHaveValue("Deutsch");
});

test.describe("a German office's first day", () => {
  test.use({ locale: "de-DE" });

  test("signs up, is told in German what is wrong with an email, writes to the customer and hears back in German", async ({ page }, testInfo) => {
    const email = uniqueEmail();
    const customerEmail = uniqueEmail("mia");
    await page.goto("/signup");
    await page.getByLabel("Name des Betriebs").fill("Elektro Brandt");
    await page.getByLabel("Vor- und Nachname").fill("Lena Brandt");
    await page.getByLabel("E-Mail").fill(email);
    await page.getByRole("textbox", { name: "Passwort" }).fill(PASSWORD);
    await page.getByRole("button", { name: "Weiter", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Einmalcode" });
    await expect(dialog.getByRole("textbox").first()).toBeFocused();
    await page.keyboard.type(await codeFromMail(email, /Ihr Craftdesk-Code/));
    await dialog.getByRole("button", { name: "Bestätigen" }).click();
    await expectToast(page, "Willkommen bei Craftdesk");

    await page.getByRole("group", { name: "Kunden" }).getByRole("link", { name: "Kunden" }).click();
    await page.getByRole("link", { name: "Neuer Kunde" }).first().click();
    await expect(page.getByRole("heading", { name: "Neuer Kunde" })).toBeVisible();
    await page.getByRole("textbox", { name: "Vor- und Nachname" }).fill("Mia Müller");
    await page.getByRole("textbox", { name: "E-Mail" }).fill("mia@");
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(page.getByText("Geben Sie eine gültige E-Mail-Adresse ein").first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("customer-wrong-email-de.png"), fullPage: true });
    await closeToasts(page);
    await page.getByRole("textbox", { name: "E-Mail" }).fill(customerEmail);
    await page.getByRole("button", { name: "Speichern" }).click();
    await expectToast(page, "Mia Müller");
    await expect(page.getByRole("heading", { name: "Mia Müller", level: 2 })).toBeVisible();

    // The record's conversations card writes by channel: "E-Mail", "SMS", "Notiz".
    await page.getByRole("button", { name: "E-Mail", exact: true }).click();
    const writer = page.getByRole("dialog", { name: "Neue E-Mail" });
    await writer.getByRole("textbox", { name: "Betreff" }).fill("Angebot Steckdosen");
    await writer.getByRole("textbox", { name: "Text" }).fill("Guten Tag Frau Müller,\ndas Angebot folgt morgen.");
    await writer.getByRole("button", { name: "Senden" }).click();
    await expectToast(page, "Nachricht wurde erstellt");
    const messageId = mailHeader(await mailTo(customerEmail, /Angebot Steckdosen/), "Message-ID")!;

    const session = await (await page.request.get("/api/api/session")).json();
    const organization = await (await page.request.get(`/api/api/organization/${session.organization.id}`)).json();
    const reply = rawEmail({ from: `Mia Müller <${customerEmail}>`, to: "shop@example.test", subject: "Re: Angebot Steckdosen", inReplyTo: messageId, text: "Danke, ich warte." });
    const posted = await page.request.post(new URL(organization.inbound_email_url).pathname, { headers: { "content-type": "message/rfc822" }, data: reply });
    expect(posted.status(), await posted.text()).toBe(202);
    const bell = page.getByRole("button", { name: /^Benachrichtigungen, 1 ungelesen/ });
    await expect(bell).toBeVisible({ timeout: 25_000 });
    await bell.click();
    await expect(page.getByText("Neue E-Mail von Mia Müller")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("notification-de.png"), fullPage: true });
  });
});

test.describe("a French office on a phone", () => {
  test.use({ locale: "fr-FR", viewport: MOBILE });

  test("reads its customers, the form's errors and the record in French at 390 × 844", async ({ page, request, baseURL }, testInfo) => {
    const { email } = await signUpByApi(request, baseURL!, "Plomberie Martin", "fr-FR", "Luc Martin");
    await page.goto("/customer/new");
    await logIn(page, email, PASSWORD, "fr-FR");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr-FR");
    await expect(page.getByRole("heading", { name: "Nouveau client" })).toBeVisible();
    await page.getByRole("textbox", { name: "Nom complet" }).fill("Chloé Dubois");
    await page.getByRole("textbox", { name: "E-mail" }).fill("chloe@");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByText("Saisissez une adresse e-mail valide").first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("customer-wrong-email-fr-390.png"), fullPage: true });
    await closeToasts(page);
    await page.getByRole("textbox", { name: "E-mail" }).fill(uniqueEmail("chloe"));
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByRole("heading", { name: "Chloé Dubois", level: 2 })).toBeVisible();
    await expect(page.getByRole("button", { name: "E-mail", exact: true })).toBeVisible();
    // Nothing runs past the right edge of the phone's screen.
    await expectNoOverflow(page);
    await page.screenshot({ path: testInfo.outputPath("customer-record-fr-390.png"), fullPage: true });
  });
});
