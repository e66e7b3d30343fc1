import { expect as baseExpect, test, type Page } from "@playwright/test";
import { expectToast, logIn, MOBILE, PASSWORD, signUpByApi } from "./support";

// Many screens in one test: a slow machine gets more time per step than the default.
const expect = baseExpect.configure({ timeout: 20_000 });

/** A boiler service as a German office sets it up: three statuses, a required meter number and a workflow that schedules. */
const WARTUNG = {
  statuses: [
    { id: 1, title: "Angefragt" },
    { id: 2, title: "Eingeplant" },
    { id: 3, title: "Erledigt" },
  ],
  fields: [{ id: 1, title: "Zählernummer", description: "Steht auf dem Typenschild", required: true, validation: "\\d{6}" }],
  workflows: [
    {
      id: 1,
      title: "Einplanen",
      requirements: [{ type: "status_eq", value: [1] }],
      inputs: [{ type: "comment", required: false }],
      effects: [
        { type: "status_set", value: 2 },
        { type: "owner_set", value: "self" },
      ],
    },
  ],
};

async function api(page: Page, method: "post" | "patch", path: string, data: object) {
  const origin = new URL(page.url()).origin;
  const res = await page.request[method](`/api/api${path}`, { headers: { origin }, data });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBeTruthy();
  return res.json();
}

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}-de.png`), fullPage: true });
const save = (page: Page) => page.locator("form button[type=submit]").click();

test.describe("in German", () => {
  test.use({ locale: "de-DE" });

  test("project types, their statuses, fields and workflows, projects and the board speak German", async ({ page, request, baseURL }) => {
    test.setTimeout(150_000);
    const email = (await signUpByApi(request, baseURL!, "Sanitär Huber GmbH", "de-DE", "Jonas Huber")).email;
    await page.goto("/project_type");
    await logIn(page, email, PASSWORD, "de-DE");

    // The empty list, then a new type that is saved without its icon first.
    await expect(page.getByRole("heading", { name: "Auftragsarten" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Erste Auftragsart anlegen" })).toBeVisible();
    await shot(page, "project-types-empty");
    await page.getByRole("link", { name: "Neue Auftragsart" }).click();
    await expect(page.getByRole("heading", { name: "Neue Auftragsart" })).toBeVisible();
    await page.getByRole("textbox", { name: "Bezeichnung" }).fill("Heizungswartung");
    await save(page);
    await expect(page.getByText("Wählen Sie ein Symbol").first()).toBeVisible();
    // The toast names the problem in German too.
    await expect(page.locator(".mantine-Notification-root").last()).toContainText("Wählen Sie ein Symbol");
    await expect(page.getByRole("radio", { name: "Blau", exact: true })).toHaveAttribute("aria-checked", "true");
    await shot(page, "project-type-new");
    await page.getByRole("radio", { name: "Flamme" }).click();
    await save(page);
    await expect(page).toHaveURL(/\/project_type\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("tab", { name: "Status und Felder" })).toBeVisible();
    await expect(page.getByText("Status nur über Arbeitsabläufe ändern")).toBeVisible();
    await shot(page, "project-type-details");
    const typeId = page.url().split("/").pop()!;
    await api(page, "patch", `/project_type/${typeId}`, WARTUNG);

    await page.goto(`/project_type/${typeId}/fields`);
    await expect(page.getByRole("textbox", { name: "Statusname" })).toHaveCount(3);
    await expect(page.getByRole("textbox", { name: "Statusname" }).nth(2)).toHaveValue("Erledigt");
    await expect(page.getByText("Neue Aufträge beginnen im ersten Status")).toBeVisible();
    await expect(page.getByText("Standard", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Status hinzufügen" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Feldname" })).toHaveValue("Zählernummer");
    await page.getByRole("button", { name: "Info zu Zählernummer" }).click();
    await expect(page.getByTestId("field-info")).toContainText("Pflichtfeld: Ja");
    // A status a workflow still names cannot go.
    await page.getByRole("button", { name: "Eingeplant entfernen" }).hover();
    await expect(page.getByRole("tooltip")).toHaveText("Wird vom Arbeitsablauf \"Einplanen\" verwendet; ändern Sie zuerst den Arbeitsablauf");
    await shot(page, "project-type-fields");

    await page.getByRole("tab", { name: "Arbeitsabläufe" }).click();
    const workflow = page.getByRole("group", { name: "Arbeitsablauf Einplanen" });
    await expect(workflow).toContainText("Status ist Angefragt");
    await expect(workflow).toContainText("neuer Status: Eingeplant");
    await expect(workflow).toContainText("neu verantwortlich: ausführende Person");
    await shot(page, "project-type-workflows");
    await workflow.getByRole("button", { name: "Einplanen bearbeiten" }).click();
    const dialog = page.getByRole("dialog", { name: "Arbeitsablauf „Einplanen“" });
    await expect(dialog.getByRole("heading", { name: "Voraussetzungen" })).toBeVisible();
    await expect(dialog.getByRole("group", { name: "Nach einem Kommentar fragen" })).toBeVisible();
    await dialog.getByRole("button", { name: "Auswirkung hinzufügen" }).click();
    await page.getByRole("menuitem", { name: "Status setzen" }).click();
    await dialog.getByRole("button", { name: "Übernehmen" }).click();
    await expect(dialog.getByRole("alert").filter({ hasText: "Status wählen" })).toBeVisible();
    await expectToast(page, "Ungültige Eingabe");
    await shot(page, "workflow-dialog");
    await dialog.getByRole("button", { name: "Abbrechen" }).click();

    // Projects: the list, the form and a record with its customer and workflow.
    const customer = await api(page, "post", "/customer", { name: "Familie Berger", phone: "+49 89 1234567" });
    const project = await api(page, "post", "/project", { title: "Therme Bergstraße 4", type: typeId, customer: customer.id, fields: [{ id: 1, value: "123456" }] });
    await page.goto("/project");
    await expect(page.getByRole("heading", { name: "Aufträge" })).toBeVisible();
    for (const header of ["Titel", "Auftragsart", "Status", "Verantwortlich", "Kunde"]) await expect(page.getByRole("columnheader", { name: header })).toBeVisible();
    await expect(page.getByRole("row", { name: /Therme Bergstraße 4/ })).toContainText("Angefragt");
    await shot(page, "projects");

    await page.getByRole("link", { name: "Neuer Auftrag" }).click();
    await expect(page.getByRole("heading", { name: "Neuer Auftrag" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Titel" })).toBeVisible();
    await expect(page.getByPlaceholder("Zuerst eine Auftragsart wählen")).toBeDisabled();
    await shot(page, "project-new");

    await page.goto(`/project/${project.id}`);
    const card = page.getByRole("region", { name: "Kunde" });
    await expect(card.getByRole("link", { name: "Familie Berger" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Verlauf" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Zählernummer" })).toHaveValue("123456");
    await page.getByRole("group", { name: "Arbeitsabläufe" }).getByRole("button", { name: "Einplanen" }).click();
    const run = page.getByRole("dialog", { name: "Einplanen" });
    await run.getByRole("textbox", { name: "Kommentar" }).fill("Termin am Dienstag");
    await shot(page, "project-workflow-run");
    await run.getByRole("button", { name: "Einplanen" }).click();
    await expectToast(page, "Auftrag „Therme Bergstraße 4“ wurde aktualisiert", "Einplanen");
    await expect(page.getByTestId("project-status")).toHaveText("Eingeplant");
    await shot(page, "project-record");

    // The board: a column per status, and on a phone.
    await page.goto(`/dnd?type=${typeId}`);
    await expect(page.getByRole("heading", { name: "Plantafel" })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Auftragsart" })).toHaveValue("Heizungswartung");
    await expect(page.getByRole("region", { name: "Eingeplant" }).getByTestId("board-card")).toHaveText(/Therme Bergstraße 4/);
    await shot(page, "board");
    await page.setViewportSize(MOBILE);
    await expect(page.getByRole("link", { name: "Neuer Auftrag" })).toBeVisible();
    await shot(page, "board-phone");
    await page.goto(`/project_type/${typeId}/workflows`);
    await expect(page.getByRole("button", { name: "Arbeitsablauf hinzufügen" })).toBeVisible();
    await shot(page, "project-type-workflows-phone");
  });
});
