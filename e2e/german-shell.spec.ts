import { expect, test, type Page } from "@playwright/test";
import { expectNoOverflow, expectToast, logIn, PASSWORD, signUpByApi } from "./support";

test.describe("the shared screens in German", () => {
  test.use({ locale: "de-DE" });

  test("dashboard, a list, the not-found page and the user menu", async ({ page, request, baseURL }, testInfo) => {
    const email = (await signUpByApi(request, baseURL!, "Elektro Brandl", "de-DE", "Jonas Brandl")).email;
    await page.goto("/");
    await logIn(page, email, PASSWORD, "de-DE");

    await expect(page.getByRole("heading", { name: "Übersicht" })).toBeVisible();
    await expect(page).toHaveTitle("Übersicht · Craftdesk");
    await expect(page.getByText("Was im ganzen Betrieb ansteht.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Meine offenen Aufträge: 0" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Erste Schritte" })).toBeVisible();
    await expect(page.getByText(/^0 von \d erledigt$/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Mitarbeiter einladen" })).toBeVisible();
    await expect(page.getByText("Hier gibt es keine offenen Aufträge.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Betrieb oder Standort wechseln" })).toContainText("Betrieb");
    await page.screenshot({ path: testInfo.outputPath("dashboard-de.png"), fullPage: true });

    await page.getByRole("group", { name: "Kunden" }).getByRole("link", { name: "Kunden" }).click();
    await expect(page.getByRole("textbox", { name: "Suchen" })).toHaveAttribute("placeholder", "Suchen");
    await expect(page.getByRole("navigation", { name: "Navigationspfad" }).getByRole("link", { name: "Start" })).toBeVisible();
    await expect(page.getByText(/^Noch keine /)).toBeVisible();
    await page.getByRole("button", { name: "Filter" }).click();
    const filters = page.getByRole("dialog", { name: "Filter" });
    await expect(filters.getByText("Status", { exact: true })).toBeVisible();
    await expect(filters.getByRole("checkbox", { name: "Aktiv" })).toBeChecked();
    await expect(filters.getByRole("checkbox", { name: "Entfernt" })).not.toBeChecked();
    await expect(filters.getByText("Angelegt seit")).toBeVisible();
    // The date picker names German weekdays and starts the week on Monday.
    await filters.getByRole("textbox", { name: "Angelegt seit" }).click();
    await expect(filters.locator("table thead th").first()).toHaveText("Mo");
    await expect(filters.locator("table thead th").last()).toHaveText("So");
    await page.screenshot({ path: testInfo.outputPath("customers-filters-de.png"), fullPage: true });
    await page.keyboard.press("Escape");
    if (await filters.isVisible()) await page.keyboard.press("Escape");
    await expect(filters).toBeHidden();
    await page.getByRole("button", { name: /^Sortierung: / }).click();
    await expect(page.getByRole("dialog", { name: "Sortierung" }).getByRole("radio", { name: "Absteigend" })).toBeVisible();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Weitere Aktionen" }).click();
    await expect(page.getByRole("menuitem", { name: "Link kopieren" })).toBeVisible();
    await page.getByRole("menuitem", { name: "Als CSV exportieren" }).click();
    await expectToast(page, "Keine Einträge zum Exportieren");
    await page.screenshot({ path: testInfo.outputPath("customers-de.png"), fullPage: true });

    await page.getByRole("button", { name: "Benutzermenü" }).click();
    await expect(page.getByRole("menuitem", { name: "Benachrichtigungen" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Abmelden" })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("user-menu-de.png"), fullPage: true });
    await page.keyboard.press("Escape");

    await page.goto("/no-such-screen");
    await expect(page.getByRole("heading", { name: "Hoppla!" })).toBeVisible();
    await expect(page.getByText("Inhalt nicht gefunden")).toBeVisible();
    await expect(page.getByRole("link", { name: "Zurück zur Startseite" })).toBeVisible();
    await expect(page).toHaveTitle("Nicht gefunden · Craftdesk");
    await page.screenshot({ path: testInfo.outputPath("not-found-de.png"), fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Neue Kunden diese Woche: 0" })).toBeVisible();
    await expectNoOverflow(page);
    await page.screenshot({ path: testInfo.outputPath("dashboard-de-390.png"), fullPage: true });
    await page.getByRole("button", { name: "Navigation öffnen" }).click();
    await expect(page.getByRole("button", { name: "Navigation schließen" })).toBeVisible();
    await page.goto("/customer");
    await expect(page.getByRole("button", { name: "Filter" })).toBeVisible();
    await expectNoOverflow(page);
    await page.screenshot({ path: testInfo.outputPath("customers-de-390.png"), fullPage: true });
  });

  test("settings: profile, security, notifications, theme and API tokens", async ({ page, request, baseURL }, testInfo) => {
    const email = (await signUpByApi(request, baseURL!, "Elektro Brandl", "de-DE", "Jonas Brandl")).email;
    await page.goto("/settings");
    await logIn(page, email, PASSWORD, "de-DE");

    await expect(page.getByRole("heading", { name: "Einstellungen" })).toBeVisible();
    for (const tab of ["Profil", "Sicherheit", "Benachrichtigungen", "Darstellung", "API-Tokens"]) await expect(page.getByRole("tab", { name: tab })).toBeVisible();
    const name = page.getByRole("textbox", { name: "Vollständiger Name" });
    await expect(name).toHaveValue("Jonas Brandl");
    await expect(page.getByRole("button", { name: "Bild hochladen" })).toBeVisible();
    await name.fill("Jonas M. Brandl");
    await page.getByRole("button", { name: "Speichern" }).click();
    await expectToast(page, "Änderungen wurden gespeichert");
    await expect(page.getByRole("button", { name: "Änderungen zurücksetzen" })).toBeDisabled();
    await page.screenshot({ path: testInfo.outputPath("settings-profile-de.png"), fullPage: true });

    await page.getByRole("tab", { name: "Sicherheit" }).click();
    await expect(page.getByRole("heading", { name: "Passwort", exact: true })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("settings-security-de.png"), fullPage: true });

    await page.getByRole("tab", { name: "Benachrichtigungen" }).click();
    await expect(page.getByRole("combobox", { name: "E-Mail-Benachrichtigungen" })).toHaveValue("Sofort");
    await expect(page.getByText("Wie oft ungelesene Benachrichtigungen per E-Mail an Sie gehen")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("settings-notifications-de.png"), fullPage: true });

    await page.getByRole("tab", { name: "Darstellung" }).click();
    await expect(page.getByText("Farbmodus")).toBeVisible();
    await expect(page.getByRole("radio", { name: "Hell" })).toBeAttached();
    await expect(page.getByRole("radio", { name: "100 %" })).toBeChecked();
    await page.screenshot({ path: testInfo.outputPath("settings-theme-de.png"), fullPage: true });

    await page.getByRole("tab", { name: "API-Tokens" }).click();
    await expect(page.getByText("Noch keine API-Tokens")).toBeVisible();
    await page.getByRole("button", { name: "Token erstellen" }).click();
    const dialog = page.getByRole("dialog", { name: "API-Token erstellen" });
    await expect(dialog.getByRole("combobox", { name: "Gültig bis" })).toHaveValue("90 Tage");
    await dialog.getByRole("textbox", { name: "Name" }).fill("Zapier");
    await dialog.getByRole("button", { name: "Token erstellen" }).click();
    const created = page.getByRole("dialog", { name: "Ihr neues API-Token" });
    await expect(created).toContainText("Es wird nur einmal angezeigt");
    await page.screenshot({ path: testInfo.outputPath("settings-token-created-de.png"), fullPage: true });
    await created.getByRole("button", { name: "Fertig" }).click();
    const row = page.getByRole("row").filter({ hasText: "Zapier" });
    await expect(page.getByRole("columnheader", { name: "Zuletzt genutzt" })).toBeVisible();
    await expect(row).toContainText("Nie");
    // Dates in German form: day, month, year.
    await expect(row.getByRole("cell").nth(2)).toHaveText(/^\d{2}\.\d{2}\.\d{4}$/);
    await page.screenshot({ path: testInfo.outputPath("settings-tokens-de.png"), fullPage: true });
    await row.getByRole("button", { name: "Widerrufen" }).click();
    await page.getByRole("dialog", { name: "Dieses Token widerrufen?" }).getByRole("button", { name: "Widerrufen" }).click();
    await expectToast(page, "Token „Zapier“ wurde widerrufen");
    await expect(page.getByText("Noch keine API-Tokens")).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("tab", { name: "Profil" }).click();
    await expect(page.getByRole("textbox", { name: "Vollständiger Name" })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("settings-profile-de-390.png"), fullPage: true });
  });
});
