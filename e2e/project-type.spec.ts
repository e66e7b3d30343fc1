import { expect, test, type Page } from "@playwright/test";
import { expectToast, logIn, PASSWORD, signUpByApi } from "./support";

const SERIAL = String.raw`^[A-Z]{2}\d{4}$`;

async function snap(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`project-type-${name}.png`), fullPage: true });
}

/** Each tab at desktop width and at a phone's 390 px, for looking at the layout. */
async function snapBothWidths(page: Page, name: string) {
  const sidebar = page.getByRole("navigation", { name: "Main navigation" });
  await snap(page, `${name}-desktop`);
  await page.setViewportSize({ width: 390, height: 844 });
  // Wait for the sidebar to finish sliding away, so the picture shows the settled phone layout.
  await expect(sidebar).not.toBeInViewport();
  await snap(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(sidebar).toBeInViewport({ ratio: 1 });
}

const statusTitles = (page: Page) => page.getByRole("textbox", { name: "Status title" });

const needsScheduling = (page: Page) => page.getByRole("switch", { name: "Needs scheduling" });

async function expectStatusTitles(page: Page, titles: string[]) {
  await expect
    .poll(() => statusTitles(page).evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)))
    .toEqual(titles);
}

test("define a project type with statuses, a validated field and a workflow, and see it kept", async ({ page, request, baseURL }) => {
  const { email } = await test.step("the owner signs up and finds no project types", async () => {
    const { email } = await signUpByApi(request, baseURL!);
    await page.goto("/project_type");
    await logIn(page, email);
    await expect(page.getByRole("heading", { name: "Project types" })).toBeVisible();
    await expect(page.getByText("No project types yet")).toBeVisible();
    return { email };
  });

  const { detailUrl } = await test.step("a new type needs an icon; its color comes from a palette that is one radio group", async () => {
    // Create: Title, Icon from the icon set, Color from the palette (both radio groups by name).
    await page.getByRole("link", { name: "New project type" }).click();
    await expect(page.getByRole("heading", { name: "New project type" })).toBeVisible();
    await page.getByRole("textbox", { name: "Title" }).fill("Boiler service");
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Invalid input");
    await page.getByRole("radio", { name: "Flame" }).click();
    const tomato = page.getByRole("radio", { name: "Tomato" });
    await tomato.click();
    // The palette is one radio group: the arrow keys move the choice.
    await tomato.press("ArrowRight");
    await expect(page.getByRole("radio", { name: "Red", exact: true })).toBeFocused();
    await expect(page.getByRole("radio", { name: "Red", exact: true })).toHaveAttribute("aria-checked", "true");
    await snapBothWidths(page, "new");
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Project type Boiler service has been created");
    await expect(page).toHaveURL(/\/project_type\/[0-9a-f-]{36}$/);
    const detailUrl = page.url();

    await expect(page.getByRole("radio", { name: "Flame" })).toHaveAttribute("aria-checked", "true");
    await expect(page.getByRole("radio", { name: "Red", exact: true })).toHaveAttribute("aria-checked", "true");
    await snapBothWidths(page, "details");
    return { detailUrl };
  });

  await test.step("three statuses and a required field with a pattern", async () => {
    // Fields: three statuses and a required field with a pattern.
    await page.getByRole("tab", { name: "Statuses and fields" }).click();
    await expect(page).toHaveURL(/\/fields$/);
    await expectStatusTitles(page, ["Open"]);
    await statusTitles(page).first().fill("Requested");
    await page.getByRole("button", { name: "Add status" }).click();
    await statusTitles(page).nth(1).fill("Scheduled");
    await page.getByRole("button", { name: "Add status" }).click();
    await statusTitles(page).nth(2).fill("Done");
    // Projects that are Requested wait in the schedule's tray.
    await needsScheduling(page).first().check();
    await page.getByRole("button", { name: "Add field" }).click();
    await page.getByRole("textbox", { name: "Field title" }).fill("Serial number");
    const validation = page.getByRole("textbox", { name: "Validation" });
    await validation.fill("[A-Z");
    await expect(page.getByText(/Not a valid regular expression/)).toBeVisible();
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Invalid input", "Not a valid regular expression");
    await validation.fill(SERIAL);
    await expect(page.getByText(/Not a valid regular expression/)).toHaveCount(0);
    await page.getByRole("checkbox", { name: "Required" }).check();
    await page.getByRole("button", { name: "About Serial number" }).click();
    const info = page.getByTestId("field-info");
    await expect(info).toContainText(`Validation: ${SERIAL}`);
    await expect(info).toContainText("Required: Yes");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, 'Project type "Boiler service" has been updated');
    await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
    await snapBothWidths(page, "fields");
  });

  await test.step("a workflow that needs Requested, asks for a comment and sets Scheduled and the runner as owner", async () => {
    // Workflows: "Start" needs status Requested, asks for a comment, sets Scheduled and the runner as owner.
    await page.getByRole("tab", { name: "Workflows" }).click();
    await page.getByRole("button", { name: "Add workflow" }).click();
    const dialog = page.getByRole("dialog", { name: "New workflow" });
    await dialog.getByRole("textbox", { name: "Workflow title" }).fill("Start");
    await dialog.getByRole("button", { name: "Add requirement" }).click();
    await page.getByRole("menuitem", { name: "Status is one of" }).click();
    await dialog.getByRole("combobox", { name: "Statuses" }).click();
    await page.getByRole("option", { name: "Requested" }).click();
    await dialog.getByRole("textbox", { name: "Workflow title" }).click();
    await dialog.getByRole("button", { name: "Add input" }).click();
    await page.getByRole("menuitem", { name: "Ask for a comment" }).click();
    await dialog.getByRole("button", { name: "Add effect" }).click();
    await page.getByRole("menuitem", { name: "Set the status" }).click();
    // An effect without a status is refused in the dialog, before any save.
    await dialog.getByRole("button", { name: "Apply" }).click();
    await expect(dialog.getByText("Choose a status")).toBeVisible();
    await dialog.getByRole("combobox", { name: "New status" }).click();
    await page.getByRole("option", { name: "Scheduled" }).click();
    await dialog.getByRole("button", { name: "Add effect" }).click();
    await page.getByRole("menuitem", { name: "Set the owner" }).click();
    await expect(dialog.getByRole("radio", { name: "Whoever runs it" })).toBeChecked();
    // On a low screen the body scrolls and Apply stays in view, clear of the toasts' corner.
    await page.setViewportSize({ width: 1280, height: 520 });
    await dialog.getByRole("button", { name: "Apply" }).click({ trial: true });
    await expect(dialog.getByRole("button", { name: "Apply" })).toBeInViewport({ ratio: 1 });
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeInViewport({ ratio: 1 });
    // The dialog's body scrolls under the action bar.
    expect(await dialog.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    await snap(page, "workflow-dialog-low");
    // The dialog ends above the band where toasts stack (a toast is about 5rem high with its margin).
    const apply = await dialog.getByRole("button", { name: "Apply" }).boundingBox();
    expect(apply!.y + apply!.height).toBeLessThan(520 - 80);
    await page.setViewportSize({ width: 1280, height: 800 });
    await snapBothWidths(page, "workflow-dialog");
    await dialog.getByRole("button", { name: "Apply" }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, 'Project type "Boiler service" has been updated');
    await snapBothWidths(page, "workflows");
  });

  await test.step("everything is still there after a reload", async () => {
    // Everything is still there after a reload.
    await page.reload();
    const workflow = page.getByTestId("workflow-row");
    await expect(workflow).toHaveCount(1);
    await expect(workflow).toContainText("Start");
    await expect(workflow).toContainText("status is Requested");
    await expect(workflow).toContainText("a comment");
    await expect(workflow).toContainText("status becomes Scheduled");
    await expect(workflow).toContainText("owner becomes whoever runs it");
    await page.getByRole("tab", { name: "Statuses and fields" }).click();
    await expectStatusTitles(page, ["Requested", "Scheduled", "Done"]);
    await expect(needsScheduling(page)).toHaveCount(3);
    await expect(needsScheduling(page).nth(0)).toBeChecked();
    await expect(needsScheduling(page).nth(1)).not.toBeChecked();
    await expect(needsScheduling(page).nth(2)).not.toBeChecked();
    await expect(page.getByRole("textbox", { name: "Validation" })).toHaveValue(SERIAL);
    await expect(page.getByRole("checkbox", { name: "Required" })).toBeChecked();
    // Scheduled is what "Start" sets, so it cannot be removed here.
    await expect(page.getByRole("button", { name: "Remove Scheduled" })).toHaveAttribute("aria-disabled", "true");
  });

  await test.step("removing a status a project still uses shows the server's conflict and keeps the edit", async () => {
    // A status a project still uses: the server's 409 shows, and the edit stays in the form.
    const headers = { origin: baseURL! };
    expect((await request.post("/api/api/session", { headers, data: { email, password: PASSWORD } })).ok()).toBe(true);
    const typeId = detailUrl.split("/").pop();
    const made = await request.post("/api/api/project", {
      headers,
      data: { title: "Boiler at No. 5", type: typeId, status: 3, fields: [{ id: 1, value: "AB1234" }] },
    });
    expect(made.status()).toBe(201);
    await page.getByRole("button", { name: "Remove Done" }).click();
    await expectStatusTitles(page, ["Requested", "Scheduled"]);
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Conflict", 'Status "Done" is still used by 1 project');
    await expectStatusTitles(page, ["Requested", "Scheduled"]);
    await expect(page.getByRole("button", { name: "Save" })).toBeEnabled();
    await page.getByRole("button", { name: "Reset changes" }).click();
    await expectStatusTitles(page, ["Requested", "Scheduled", "Done"]);
  });

  await test.step("the history shows the workflows and the definition", async () => {
    await page.getByRole("tab", { name: "History" }).click();
    await expect(page.getByTestId("history-entry")).toHaveCount(3);
    const latest = page.getByTestId("history-entry").first();
    await expect(latest).toContainText("Workflows");
    await expect(latest).toContainText("Start");
    const definition = page.getByTestId("history-entry").nth(1);
    await expect(definition).toContainText("Requested, Scheduled, Done");
    await expect(definition).toContainText(`Serial number (required, /${SERIAL}/)`);
    await snapBothWidths(page, "history");
  });

  await test.step("an unknown tab shows Content not found", async () => {
    await page.goto(`${detailUrl}/nope`);
    await expect(page.getByText("Content not found")).toBeVisible();
  });

  await test.step("the list shows the type with its icon", async () => {
    await page.goto("/project_type");
    await expect(page.locator("tbody a[data-row-link]")).toHaveText(["Boiler service"]);
    await expect(page.locator("tbody").getByRole("img", { name: "Flame" })).toBeVisible();
    await snapBothWidths(page, "browse");
  });
});

test("a workflow limited by role and owner takes them from the Role and Member pickers", async ({ page, request, baseURL }) => {
  const { email, id } = await test.step("the owner signs up and makes a type through the API", async () => {
    const { email } = await signUpByApi(request, baseURL!);
    const headers = { origin: baseURL! };
    expect((await request.post("/api/api/session", { headers, data: { email, password: PASSWORD } })).ok()).toBe(true);
    const created = await request.post("/api/api/project_type", { headers, data: { name: "Gutter cleaning", icon: "home", color: "#30a46c" } });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    return { email, id };
  });

  const { dialog } = await test.step("a new workflow called Take over", async () => {
    await page.goto(`/project_type/${id}/workflows`);
    await logIn(page, email);
    await expect(page.getByText("No workflows yet")).toBeVisible();
    await page.getByRole("button", { name: "Add workflow" }).click();
    const dialog = page.getByRole("dialog", { name: "New workflow" });
    await dialog.getByRole("textbox", { name: "Workflow title" }).fill("Take over");
    return { dialog };
  });

  await test.step("it requires the Administrator role, chosen in the Role picker", async () => {
    await dialog.getByRole("button", { name: "Add requirement" }).click();
    await page.getByRole("menuitem", { name: "Role of whoever runs it is one of" }).click();
    await dialog.getByRole("button", { name: "Choose roles" }).click();
    const roles = page.getByRole("dialog", { name: "Choose roles" });
    await roles.getByRole("checkbox", { name: "Administrator" }).check();
    await roles.getByRole("button", { name: "Confirm" }).click();
    await expect(roles).toBeHidden();
    await expect(dialog.getByRole("link", { name: "Administrator" })).toBeVisible();
  });

  await test.step("it requires the owner to be whoever runs it, nobody or Olga Owner, chosen in the Member picker", async () => {
    await dialog.getByRole("button", { name: "Add requirement" }).click();
    await page.getByRole("menuitem", { name: "Owner is one of" }).click();
    await expect(dialog.getByRole("checkbox", { name: "Whoever runs it" })).toBeChecked();
    await dialog.getByRole("checkbox", { name: "Nobody (no owner)" }).check();
    await dialog.getByRole("button", { name: "Choose members" }).click();
    const members = page.getByRole("dialog", { name: "Choose members" });
    await members.getByRole("checkbox", { name: "Olga Owner" }).check();
    await members.getByRole("button", { name: "Confirm" }).click();
    await expect(members).toBeHidden();
  });

  await test.step("it sets the owner to Olga Owner, and the type is saved", async () => {
    await dialog.getByRole("button", { name: "Add effect" }).click();
    await page.getByRole("menuitem", { name: "Set the owner" }).click();
    // The card is drawn as the menu closes: a click while it settles can land beside the control.
    await expect(async () => {
      await dialog.getByText("A member", { exact: true }).click();
      await expect(dialog.getByRole("radio", { name: "A member" })).toBeChecked({ timeout: 2_000 });
    }).toPass();
    await dialog.getByRole("button", { name: "Choose member" }).click();
    await page.getByRole("dialog", { name: "Choose member" }).getByRole("button", { name: "Olga Owner" }).click();
    await snapBothWidths(page, "workflow-dialog-pickers");
    await dialog.getByRole("button", { name: "Apply" }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, 'Project type "Gutter cleaning" has been updated');
  });

  await test.step("after a reload the workflow reads as chosen", async () => {
    await page.reload();
    const workflow = page.getByTestId("workflow-row");
    await expect(workflow).toContainText("role is Administrator");
    await expect(workflow).toContainText("owner is whoever runs it or nobody or Olga Owner");
    await expect(workflow).toContainText("owner becomes Olga Owner");
  });
});
