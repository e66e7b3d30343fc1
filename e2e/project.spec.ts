import { expect, test, type Page } from "@playwright/test";
import { DESKTOP, expectToast, logIn, shoot, signUpByApi } from "./support";


/** A boiler service: three statuses, a required serial number with a pattern, and a Start workflow. */
const BOILER = {
  statuses: [
    { id: 1, title: "Requested" },
    { id: 2, title: "Scheduled" },
    { id: 3, title: "Done" },
  ],
  fields: [{ id: 1, title: "Serial number", description: "Two letters and four digits", required: true, validation: "[A-Z]{2}\\d{4}" }],
  workflows: [
    {
      id: 1,
      title: "Start",
      requirements: [{ type: "status_eq", value: [1] }],
      inputs: [{ type: "comment", required: true }],
      effects: [
        { type: "status_set", value: 2 },
        { type: "owner_set", value: "self" },
      ],
    },
  ],
};

const GUTTERS = { statuses: [{ id: 1, title: "Booked" }, { id: 2, title: "Cleaned" }] };

/** Arranges through the API with the page's own session, the way another screen would have made it. */
async function api(page: Page, method: "post" | "patch", path: string, data: object) {
  const origin = new URL(page.url()).origin;
  const res = await page.request[method](`/api/api${path}`, { headers: { origin }, data });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBeTruthy();
  return res.json();
}

async function makeType(page: Page, name: string, definition: object) {
  const made = await api(page, "post", "/project_type", { name, icon: "flame" });
  await api(page, "patch", `/project_type/${made.id}`, definition);
  return made.id as string;
}

const statusBadge = (page: Page) => page.getByTestId("project-status");
const column = (page: Page, status: string) => page.getByRole("region", { name: status });

test("create a project with custom fields, run a workflow, move it on the board and change its type", async ({ page, request, baseURL }) => {
  await test.step("the owner signs up and finds no projects", async () => {
    await page.setViewportSize(DESKTOP);
    const { email } = await signUpByApi(request, baseURL!);
    await page.goto("/project");
    await logIn(page, email);
    await expect(page.getByRole("heading", { name: "Projects" })).toBeVisible();
    await expect(page.getByText("No projects yet")).toBeVisible();
  });

  const { boilerId, guttersId } = await test.step("two project types and a customer, made through the API", async () => {
    const boilerId = await makeType(page, "Boiler service", BOILER);
    const guttersId = await makeType(page, "Gutter cleaning", GUTTERS);
    await api(page, "post", "/customer", { name: "Mia Miller" });
    return { boilerId, guttersId };
  });

  await test.step("a new project refuses a serial number in the wrong format", async () => {
    await page.getByRole("link", { name: "New project" }).click();
    await expect(page.getByRole("heading", { name: "New project" })).toBeVisible();
    await page.getByRole("textbox", { name: "Title" }).fill("Boiler at No. 7");
    await page.getByRole("button", { name: "Choose type" }).click();
    await page.getByRole("dialog", { name: "Choose type" }).getByRole("button", { name: "Boiler service" }).click();
    await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("Requested");
    await page.getByRole("textbox", { name: "Serial number" }).fill("ab12");
    await page.getByRole("button", { name: "Choose customer" }).click();
    await page.getByRole("dialog", { name: "Choose customer" }).getByRole("button", { name: "Mia Miller" }).click();
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Invalid input", "Serial number does not have the expected format");
    await expect(page.locator("form").getByText("Serial number does not have the expected format")).toBeVisible();
    await shoot(page, "new");
  });

  const { projectUrl } = await test.step("with a valid serial number it is created and shows its fields", async () => {
    await page.getByRole("textbox", { name: "Serial number" }).fill("AB1234");
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Project Boiler at No. 7 has been created");
    await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/);
    const projectUrl = page.url();
    await expect(statusBadge(page)).toHaveText("Requested");
    await expect(page.getByRole("textbox", { name: "Serial number" })).toHaveValue("AB1234");
    await shoot(page, "detail-with-workflow");
    return { projectUrl };
  });

  await test.step("Start asks for a comment, then sets Scheduled and the runner as owner", async () => {
    // Start: requires status Requested, asks a comment, sets Scheduled and the runner as owner.
    await page.getByRole("button", { name: "Start" }).click();
    const run = page.getByRole("dialog", { name: "Start" });
    await run.getByRole("button", { name: "Start" }).click();
    await expect(run.getByText("Required")).toBeVisible();
    await run.getByRole("textbox", { name: "Comment" }).fill("On my way");
    await page.screenshot({ path: test.info().outputPath("workflow-dialog-desktop.png") });
    await run.getByRole("button", { name: "Start" }).click();
    await expectToast(page, 'Project "Boiler at No. 7" has been updated', "Start");
    await expect(statusBadge(page)).toHaveText("Scheduled");
    await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("Scheduled");
    await expect(page.locator("form").getByRole("link", { name: "Olga Owner" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Start" })).toHaveCount(0);
    await shoot(page, "detail");
  });

  await test.step("the history shows what the workflow changed", async () => {
    await page.getByRole("tab", { name: "History" }).click();
    const latest = page.getByTestId("history-entry").first();
    // A run reads as what happened: who ran which workflow, the status it moved, what else it set, the comment.
    await expect(latest).toContainText("ran Start:");
    await expect(latest).toContainText(/ran Start:\s*Requested\s*Scheduled/);
    await expect(latest).not.toContainText("Workflow");
    await expect(latest.locator("blockquote")).toHaveText("On my way");
    await expect(latest).toContainText("Olga Owner");
    await page.screenshot({ path: test.info().outputPath("history-desktop.png"), fullPage: true });
  });

  const { rows } = await test.step("the list shows both projects with type, status, owner and customer", async () => {
    await api(page, "post", "/project", { title: "Gutters at No. 3", type: guttersId });
    await page.goto("/project");
    const rows = page.locator("tbody a[data-row-link]");
    await expect(rows).toHaveText(["Gutters at No. 3", "Boiler at No. 7"]);
    const boilerRow = page.locator("tbody tr").filter({ hasText: "Boiler at No. 7" });
    await expect(boilerRow).toContainText("Boiler service");
    await expect(boilerRow).toContainText("Scheduled");
    await expect(boilerRow).toContainText("Olga Owner");
    await expect(boilerRow).toContainText("Mia Miller");
    await shoot(page, "list");
    return { rows };
  });

  await test.step("the list sorts by title", async () => {
    await page.getByRole("button", { name: /^Sort/ }).click();
    await page.getByRole("radio", { name: "Title" }).check();
    await page.getByRole("radio", { name: "Ascending" }).check();
    await expect(rows).toHaveText(["Boiler at No. 7", "Gutters at No. 3"]);
    await page.keyboard.press("Escape");
  });

  await test.step("the list filters by type, then by a status of that type, then by a customer found by typing", async () => {
    // Filters: type, then a status of that type, then a customer found by typing.
    await page.getByRole("button", { name: "Filters" }).click();
    await page.getByRole("checkbox", { name: "Boiler service" }).check();
    await expect(rows).toHaveText(["Boiler at No. 7"]);
    await expect(page).toHaveURL(new RegExp(`type=${boilerId}`));
    await page.getByRole("checkbox", { name: "Requested" }).check();
    await expect(page.getByText("No results found")).toBeVisible();
    await page.getByRole("checkbox", { name: "Requested" }).uncheck();
    await page.getByRole("checkbox", { name: "Scheduled" }).check();
    await expect(rows).toHaveText(["Boiler at No. 7"]);
    await page.getByRole("button", { name: "Reset type filter" }).click();
    const searched = page.waitForResponse((res) => res.url().includes("/api/api/customer?") && res.url().includes("search=mia"));
    await page.getByRole("combobox", { name: "Customer" }).fill("mia");
    await searched;
    await page.getByRole("option", { name: "Mia Miller" }).click();
    await expect(rows).toHaveText(["Boiler at No. 7"]);
    await expect(page).toHaveURL(/status=2&customer=/);
    await page.screenshot({ path: test.info().outputPath("list-filters-desktop.png") });
    await page.keyboard.press("Escape");
  });

  await test.step("on the board the card moves to Done with space, arrow, space", async () => {
    // The board opens on the type in the URL; a card moves to Done with space, arrow, space.
    await page.goto(`/dnd?type=${boilerId}`);
    const card = column(page, "Scheduled").getByTestId("board-card").filter({ hasText: "Boiler at No. 7" });
    await expect(card).toContainText("Mia Miller");
    await shoot(page, "board");
    await card.focus();
    const saved = page.waitForResponse((res) => res.request().method() === "PATCH" && res.url().includes("/api/api/project/"));
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Space");
    expect((await saved).status()).toBe(200);
    await expect(column(page, "Done").getByTestId("board-card")).toHaveText(/Boiler at No\. 7/);
    await page.reload();
    await expect(column(page, "Done").getByTestId("board-card")).toHaveText(/Boiler at No\. 7/);
    await expect(column(page, "Scheduled").getByTestId("board-card")).toHaveCount(0);
  });

  await test.step("a click on a card opens the project", async () => {
    // A click on a card opens the project.
    await column(page, "Done").getByTestId("board-card").click();
    await expect(page).toHaveURL(projectUrl);
  });

  await test.step("changing the type asks first, then resets the status and clears the fields", async () => {
    // A new type asks first, then resets the status to its first and clears the fields.
    await expect(statusBadge(page)).toHaveText("Done");
    await page.getByRole("button", { name: "Change" }).first().click();
    await page.getByRole("dialog", { name: "Choose type" }).getByRole("button", { name: "Gutter cleaning" }).click();
    const warning = page.getByRole("dialog", { name: "Change the project type?" });
    await expect(warning).toContainText("The status resets to the new type's first status and the field values are cleared");
    await warning.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("textbox", { name: "Serial number" })).toHaveValue("AB1234");
    await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();

    await page.getByRole("button", { name: "Change" }).first().click();
    await page.getByRole("dialog", { name: "Choose type" }).getByRole("button", { name: "Gutter cleaning" }).click();
    await warning.getByRole("button", { name: "Change type" }).click();
    await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("Booked");
    await expect(page.getByRole("textbox", { name: "Serial number" })).toHaveCount(0);
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, 'Project "Boiler at No. 7" has been updated');
    await expect(statusBadge(page)).toHaveText("Booked");
  });
});

test("a workflow whose requirement no longer holds answers with a conflict and changes nothing", async ({ page, request, baseURL }) => {
  const { email } = await signUpByApi(request, baseURL!);
  await page.goto("/project");
  await logIn(page, email);
  await expect(page.getByRole("heading", { name: "Projects" })).toBeVisible();
  const type = await makeType(page, "Boiler service", BOILER);
  const project = await api(page, "post", "/project", { title: "Boiler at No. 9", type, fields: [{ id: 1, value: "CD5678" }] });

  await page.goto(`/project/${project.id}`);
  await page.getByRole("button", { name: "Start" }).click();
  const run = page.getByRole("dialog", { name: "Start" });
  await run.getByRole("textbox", { name: "Comment" }).fill("On my way");
  // Meanwhile someone else finishes the job.
  await api(page, "patch", `/project/${project.id}`, { status: 3 });
  await run.getByRole("button", { name: "Start" }).click();
  await expectToast(page, "Conflict", '"Start" cannot run now');
  await expect(run).toBeHidden();
  await expect(statusBadge(page)).toHaveText("Done");
  await expect(page.getByRole("button", { name: "Start" })).toHaveCount(0);
  await page.getByRole("tab", { name: "History" }).click();
  await expect(page.getByTestId("history-entry").first()).not.toContainText("On my way");
});
