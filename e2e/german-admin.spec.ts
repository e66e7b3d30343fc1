import { expect, test, type Page } from "@playwright/test";
import { expectToast, logIn, MOBILE, PASSWORD, signInByApi, signUpByApi, uniqueEmail } from "./support";

const shot = (page: Page, path: string) => page.screenshot({ path, fullPage: true });

test.use({ locale: "de-DE" });

test("the organization's settings, members, roles and locations speak German", async ({ page, request, baseURL }, testInfo) => {
  const { email } = await signUpByApi(request, baseURL!, "Sanitär Huber GmbH", "de-DE", "Jonas Huber");
  const headers = await signInByApi(request, baseURL!, email);
  const role = await (await request.post("/api/api/role", { headers, data: { name: "Monteur", privileges: ["customers_manage", "projects_manage"] } })).json();
  const location = await (await request.post("/api/api/location", { headers, data: { name: "Werkstatt Nord" } })).json();
  const fitter = await (await request.post("/api/api/member", { headers, data: { name: "Lena Kraus", email: uniqueEmail("lena"), role: role.id } })).json();
  await request.delete("/api/api/session", { headers });

  await test.step("the profile: fields, countries named in German", async () => {
    await page.goto("/organization");
    await logIn(page, email, PASSWORD, "de-DE");
    // The form waits for its schema code: on a busy machine that takes a while.
    await expect(page.getByRole("textbox", { name: "Anzeigename" })).toHaveValue("Sanitär Huber GmbH", { timeout: 30_000 });
    await expect(page.getByText("Telefonnummern ohne Ländervorwahl gelten als Nummern dieses Landes")).toBeVisible();
    await page.getByRole("combobox", { name: "Land", exact: true }).click();
    await expect(page.getByRole("option", { name: "Vereinigtes Königreich" })).toBeVisible();
    await expect(page.getByRole("option", { name: "Österreich" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("tab", { name: "Integrationen" })).toBeVisible();
    await shot(page, testInfo.outputPath("organization-profile-de.png"));
  });

  await test.step("the integrations: mailboxes, replies, texts and the API", async () => {
    await page.getByRole("tab", { name: "Integrationen" }).click();
    await expect(page.getByText("Verbinden Sie ein Postfach, um aus Gesprächen E-Mails mit Kunden zu senden und zu empfangen.")).toBeVisible();
    const google = page.getByRole("region", { name: "Postfach bei Google" });
    await expect(google).toContainText("Nicht verbunden");
    await expect(google.getByRole("button", { name: "Verbinden" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Antworten von Kunden" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "SMS" })).toBeVisible();
    await expect(page.getByRole("link", { name: "API-Dokumentation" })).toBeVisible();
    await shot(page, testInfo.outputPath("organization-integrations-de.png"));
  });

  await test.step("the member list and a member's invitation", async () => {
    await page.goto("/member");
    await expect(page.getByRole("link", { name: "Neuer Mitarbeiter" })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "E-Mail" })).toBeVisible();
    await shot(page, testInfo.outputPath("member-list-de.png"));
    await page.goto(`/member/${fitter.id}`);
    // The form waits for its schema code: on a busy machine that takes a while.
    await expect(page.getByRole("textbox", { name: "Vor- und Nachname" })).toHaveValue("Lena Kraus", { timeout: 30_000 });
    await expect(page.getByRole("combobox", { name: "Standort", exact: true })).toHaveValue("Betriebsebene");
    await shot(page, testInfo.outputPath("member-details-de.png"));
    await page.getByRole("tab", { name: "Sicherheit" }).click();
    await expect(page.getByText("Dieser Mitarbeiter hat kein Passwort und kann sich nicht mit einem anmelden.")).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "Eingeladen" })).toContainText("Der Link gilt bis");
    await page.getByRole("textbox", { name: "Neues Passwort" }).fill("ein langes Passwort");
    await page.getByRole("textbox", { name: "Passwort wiederholen" }).fill("ein anderes Passwort");
    await page.getByRole("button", { name: "Speichern" }).click();
    await expectToast(page, "Die Passwörter stimmen nicht überein");
    await shot(page, testInfo.outputPath("member-security-de.png"));
  });

  await test.step("the new member form says who will see the member", async () => {
    await page.goto("/member/new");
    await expect(page.getByText("Wir senden eine Einladung per E-Mail, mit der die Person ihr eigenes Passwort festlegt; der Link gilt 7 Tage.")).toBeVisible();
    await expect(page.getByText("Arbeitet auf Betriebsebene und an jedem Standort. Nur auf Betriebsebene sichtbar, nicht für Mitarbeiter an Standorten")).toBeVisible();
    await shot(page, testInfo.outputPath("member-new-de.png"));
  });

  await test.step("roles: privileges by their German names", async () => {
    await page.goto("/role");
    await expect(page.getByRole("heading", { name: "Alle Rollen" })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: "Monteur" })).toContainText(
      "Kunden und Gespräche verwalten, Auftragsarten und alle Aufträge verwalten",
    );
    await shot(page, testInfo.outputPath("role-list-de.png"));
    await page.goto(`/role/${role.id}`);
    await expect(page.getByText("Berechtigungen", { exact: true })).toBeVisible();
    await expect(page.getByRole("main").getByText("Kunden und Gespräche verwalten")).toBeVisible();
    await expect(page.getByRole("tab", { name: "Mitarbeiter" })).toBeVisible();
    await shot(page, testInfo.outputPath("role-details-de.png"));
  });

  await test.step("locations, and the same screens on a phone", async () => {
    await page.goto("/location");
    await expect(page.getByRole("link", { name: "Neuer Standort" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Werkstatt Nord" })).toBeVisible();
    await shot(page, testInfo.outputPath("location-list-de.png"));
    await page.goto(`/location/${location.id}`);
    await expect(page.getByRole("textbox", { name: "Name" })).toHaveValue("Werkstatt Nord");
    await shot(page, testInfo.outputPath("location-details-de.png"));
    await page.setViewportSize(MOBILE);
    await page.goto("/organization/integrations");
    await expect(page.getByRole("region", { name: "Postfach bei Microsoft" })).toBeVisible();
    await shot(page, testInfo.outputPath("organization-integrations-phone-de.png"));
    await page.goto("/role");
    await expect(page.getByRole("heading", { name: "Alle Rollen" })).toBeVisible();
    await shot(page, testInfo.outputPath("role-list-phone-de.png"));
  });
});

const ARTICLES = ["Artikelnummer,Bezeichnung,Notizen,Barcode", "A-1,Hammer,,4006381333931", "A-2,,Ohne Titel,12345", "A-3,Säge,,96385074"].join("\r\n");

test("the csv example's file mapping speaks German", async ({ page, request, baseURL }, testInfo) => {
  const { email } = await signUpByApi(request, baseURL!, "Sanitär Huber GmbH", "de-DE", "Jonas Huber");
  const headers = await signInByApi(request, baseURL!, email);
  await request.delete("/api/api/session", { headers });
  await page.goto("/csv");
  await logIn(page, email, PASSWORD, "de-DE");
  await expect(page.getByRole("heading", { name: "Datei hochladen" })).toBeVisible();
  await expect(page.getByText("CSV oder Excel (.xlsx), höchstens 20 MB und 50.000 Zeilen, bis zu 500 Spalten und 2.000.000 Zellen")).toBeVisible();
  await expect(page.getByText("Keine Datei ausgewählt")).toBeVisible();

  await page.locator('input[type="file"]').setInputFiles({ name: "artikel.csv", mimeType: "text/csv", buffer: Buffer.from(ARTICLES) });
  const dialog = page.getByRole("dialog", { name: "Zuordnung festlegen" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("artikel.csv · 3 Zeilen")).toBeVisible();
  // "Bezeichnung" names the title field in German, so it is mapped already; the ID is not.
  await expect(dialog.getByRole("group", { name: "Felder für Bezeichnung" }).locator("[data-field]")).toHaveText(["Bezeichnung"]);
  await expect(dialog.getByRole("status")).toHaveText("Ordnen Sie das Pflichtfeld zu: ID");
  await shot(page, testInfo.outputPath("csv-mapping-de.png"));
  await dialog.getByRole("button", { name: "ID (Pflichtfeld): Spalte wählen" }).click();
  await page.getByRole("menuitem", { name: "Artikelnummer" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Alle Pflichtfelder sind zugeordnet");
  await dialog.getByRole("button", { name: "EAN: Spalte wählen" }).click();
  await page.getByRole("menuitem", { name: "Barcode" }).click();
  await dialog.getByRole("button", { name: "Fertig" }).click();

  await expect(page.locator("[data-file-mapping]")).toContainText("3 Zeilen · 3 von 4 Feldern zugeordnet");
  await page.getByRole("button", { name: "Absenden" }).click();
  const result = page.getByRole("region", { name: "Prüfergebnis" });
  await expect(result).toContainText("Gelesene Zeilen: 3");
  await expect(result).toContainText("Gültige Zeilen: 2");
  await expect(result).toContainText("1 Zeile ist ungültig: Ohne Ungültige Zeilen überspringen würde nichts importiert.");
  await expect(result.getByRole("columnheader", { name: "Grund" })).toBeVisible();
  await expect(result).toContainText("Eine EAN hat 8 oder 13 Ziffern");
  await shot(page, testInfo.outputPath("csv-result-de.png"));
});
