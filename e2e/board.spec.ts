import { expect, test, type Page } from "@playwright/test";
import { dragWithMouse, expectToast, logIn, PASSWORD, signUpByApi, uniqueEmail } from "./support";

const PROJECTS = 500;
const STATUSES = [
  { id: 1, title: "Requested" },
  { id: 2, title: "Scheduled" },
  { id: 3, title: "Done" },
];

async function api(page: Page, method: "post" | "patch", path: string, data: object) {
  const origin = new URL(page.url()).origin;
  const res = await page.request[method](`/api/api${path}`, { headers: { origin }, data });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBeTruthy();
  return res.json();
}

const column = (page: Page, status: string) => page.getByRole("region", { name: status });
const cards = (page: Page, status: string) => column(page, status).getByTestId("board-card");
/** The column's count, which holds every project of the status, drawn or not. */
const count = (page: Page, status: string) => column(page, status).locator("header");
const SHOWN = 100;


test("500 projects load onto the board, 100 drawn per column and the rest on request; a move the server refuses goes back with a toast", async ({ page, request, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  await test.step("the owner signs up and finds the board empty", async () => {
    const { email } = await signUpByApi(request, baseURL!);
    await page.goto("/dnd");
    await logIn(page, email);
    await expect(page.getByRole("heading", { name: "Project board" })).toBeVisible();
    await expect(page.getByText("There are no project types yet")).toBeVisible();
  });

  const { type, staffEmail } = await test.step("the owner adds a type with three statuses, 500 projects for three customers and a member who may not move them", async () => {
    const type = await api(page, "post", "/project_type", { name: "Gutter cleaning", icon: "home" });
    await api(page, "patch", `/project_type/${type.id}`, { statuses: STATUSES });
    const customers = await Promise.all(["Mia Miller", "Noah Novak", "Ava Archer"].map((name) => api(page, "post", "/customer", { name })));
    for (let start = 0; start < PROJECTS; start += 25) {
      await Promise.all(
        Array.from({ length: Math.min(25, PROJECTS - start) }, (_, i) => {
          const n = start + i;
          return api(page, "post", "/project", {
            title: `Gutters ${String(n).padStart(3, "0")}`,
            type: type.id,
            status: STATUSES[n % 3].id,
            customer: customers[n % 3].id,
          });
        }),
      );
    }

    // A member who neither owns these projects nor holds projects_manage may look but not move.
    const role = await api(page, "post", "/role", { name: "Staff", privileges: [] });
    const staffEmail = uniqueEmail("staff");
    const staff = await api(page, "post", "/member", { name: "Sam Staff", email: staffEmail, role: role.id });
    await api(page, "patch", `/member/${staff.id}`, { password: PASSWORD });
    return { type, staffEmail };
  });

  await test.step("all 500 projects load: each column counts its own and draws 100, the rest on request", async () => {
    const names = page.waitForResponse((res) => res.url().includes("/api/api/customer?"));
    const started = Date.now();
    await page.goto("/dnd");
    await expect(page).toHaveURL(new RegExp(`type=${type.id}`));
    await expect(count(page, "Requested")).toHaveText("Requested167");
    await expect(count(page, "Scheduled")).toHaveText("Scheduled167");
    await expect(count(page, "Done")).toHaveText("Done166");
    await expect(page.getByText("Loading more projects…")).toBeHidden();
    console.log(`${PROJECTS} projects loaded ${Date.now() - started} ms after navigation`);
    await expect(page.getByTestId("board-card")).toHaveCount(3 * SHOWN);
    await column(page, "Requested").getByRole("button", { name: "Show 67 more" }).click();
    await expect(cards(page, "Requested")).toHaveCount(167);
    await expect(cards(page, "Requested").last()).toContainText("Gutters 498");
    await expect(column(page, "Requested").getByRole("button", { name: /Show \d+ more/ })).toHaveCount(0);
    // Customer names for every card came in one list request.
    expect((await names).url()).toContain("id=");
    await expect(cards(page, "Requested").first()).toContainText("Mia Miller");
    await page.screenshot({ path: testInfo.outputPath("board-500-desktop.png") });
  });

  await test.step("the owner drags a card to Done with the mouse; it stays there after a reload", async () => {
    // The owner drags with the mouse (from a fresh board, scrolled to the top): the move shows at once and stays after a reload.
    await page.reload();
    await expect(cards(page, "Done")).toHaveCount(SHOWN);
    const first = cards(page, "Requested").filter({ hasText: "Gutters 000" });
    const saved = page.waitForResponse((res) => res.request().method() === "PATCH");
    await dragWithMouse(page, first, cards(page, "Done").first());
    await expect(cards(page, "Done").filter({ hasText: "Gutters 000" })).toBeVisible();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect(cards(page, "Done").filter({ hasText: "Gutters 000" })).toBeVisible();
    await expect(count(page, "Requested")).toHaveText("Requested166");
    await expect(cards(page, "Requested")).toHaveCount(SHOWN);
  });

  await test.step("the member moves a card with the keyboard: the server refuses, a toast says why and the card goes back", async () => {
    await page.request.delete("/api/api/session", { headers: { origin: new URL(page.url()).origin } });
    await page.goto(`/dnd?type=${type.id}`);
    await logIn(page, staffEmail);
    await expect(count(page, "Done")).toHaveText("Done167");
    const refused = page.waitForResponse((res) => res.request().method() === "PATCH");
    const card = cards(page, "Requested").filter({ hasText: "Gutters 003" });
    await card.focus();
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Space");
    expect((await refused).status()).toBe(403);
    await expectToast(page, "Permission required", "Manage project types and all projects");
    await expect(cards(page, "Requested").filter({ hasText: "Gutters 003" })).toBeVisible();
    await expect(cards(page, "Scheduled").filter({ hasText: "Gutters 003" })).toHaveCount(0);
  });
});

test("a technician named by a workflow runs it without edit rights; board drops run the workflow leading to the column", async ({ page, request, baseURL }, testInfo) => {
  // A long journey through three screens and two members.
  test.setTimeout(180_000);
  await test.step("the owner signs up and opens project types", async () => {
    const { email } = await signUpByApi(request, baseURL!);
    await page.goto("/project_type");
    await logIn(page, email);
    await expect(page.getByRole("heading", { name: "Project Types" })).toBeVisible();
  });

  const { techEmail, type, job } = await test.step("a Technician role with a member, and a type whose workflows lead between the statuses", async () => {
    const technician = await api(page, "post", "/role", { name: "Technician", privileges: [] });
    const techEmail = uniqueEmail("tech");
    const tech = await api(page, "post", "/member", { name: "Tia Tech", email: techEmail, role: technician.id });
    await api(page, "patch", `/member/${tech.id}`, { password: PASSWORD });
    const type = await api(page, "post", "/project_type", { name: "Boiler repair", icon: "flame" });
    await api(page, "patch", `/project_type/${type.id}`, {
      statuses: STATUSES,
      workflows: [
        {
          id: 1,
          title: "Schedule visit",
          requirements: [{ type: "status_eq", value: [1] }],
          inputs: [{ type: "comment", required: true }],
          effects: [{ type: "status_set", value: 2 }],
        },
        {
          id: 2,
          title: "Complete job",
          requirements: [{ type: "status_eq", value: [2] }, { type: "role_eq", value: [technician.id] }],
          effects: [{ type: "status_set", value: 3 }],
        },
        { id: 3, title: "Cancel job", requirements: [{ type: "status_eq", value: [1, 2] }], effects: [{ type: "status_set", value: 3 }] },
        { id: 4, title: "Close as duplicate", requirements: [{ type: "status_eq", value: [1] }], effects: [{ type: "status_set", value: 3 }] },
      ],
    });
    const job = await api(page, "post", "/project", { title: "Boiler at No. 7", type: type.id });
    await api(page, "post", "/project", { title: "Boiler at No. 9", type: type.id });
    return { techEmail, type, job };
  });

  await test.step("the owner makes the type change status only through workflows, on its Details tab", async () => {
    // The setting lives on the type's Details tab.
    await page.goto(`/project_type/${type.id}`);
    const setting = page.getByRole("switch", { name: "Status changes only through workflows" });
    await expect(setting).not.toBeChecked();
    await setting.click({ force: true });
    await expect(setting).toBeChecked();
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, 'Project type "Boiler repair" has been updated');
    await page.screenshot({ path: testInfo.outputPath("project-type-details.png"), fullPage: true });
  });

  const { card } = await test.step("dropping a card on Scheduled runs \"Schedule visit\", which asks for a comment", async () => {
    // The owner drops the card on Scheduled: "Schedule visit" leads there and asks for a comment.
    await page.goto(`/dnd?type=${type.id}`);
    const card = (status: string) => cards(page, status).filter({ hasText: "Boiler at No. 7" });
    await expect(card("Requested")).toBeVisible();
    await dragWithMouse(page, card("Requested"), column(page, "Scheduled"));
    const dialog = page.getByRole("dialog", { name: "Schedule visit" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("textbox", { name: "Comment" }).fill("Tuesday at nine");
    await page.screenshot({ path: testInfo.outputPath("board-drop-dialog.png") });
    await dialog.getByRole("button", { name: "Schedule visit" }).click();
    await expectToast(page, 'Project "Boiler at No. 7" has been updated', "Schedule visit");
    await expect(card("Scheduled")).toBeVisible();
    await page.reload();
    await expect(card("Scheduled")).toBeVisible();
    return { card };
  });

  await test.step("dropping it back on Requested is refused: no workflow leads there", async () => {
    // No workflow leads back to Requested, and this type changes status only through workflows.
    await dragWithMouse(page, card("Scheduled"), column(page, "Requested"));
    await expectToast(page, 'Not moved to "Requested"', 'none you can run now moves this one to "Requested"');
    await expect(card("Scheduled")).toBeVisible();
    await expect(cards(page, "Requested")).toHaveCount(1);
    await page.screenshot({ path: testInfo.outputPath("board-drop-refused.png") });
  });

  await test.step("dropping on Done offers the two workflows leading there; the chosen one runs at once", async () => {
    // Two workflows lead to Done from Requested: the member chooses; one that asks nothing runs at once.
    const other = (status: string) => cards(page, status).filter({ hasText: "Boiler at No. 9" });
    await dragWithMouse(page, other("Requested"), column(page, "Done"));
    const chooser = page.getByRole("dialog", { name: "Move to Done" });
    await expect(chooser.getByRole("group", { name: "Workflows" }).getByRole("button")).toHaveText(["Cancel job", "Close as duplicate"]);
    await page.screenshot({ path: testInfo.outputPath("board-drop-chooser.png") });
    await chooser.getByRole("button", { name: "Close as duplicate" }).click();
    await expectToast(page, 'Project "Boiler at No. 9" has been updated', "Close as duplicate");
    await expect(other("Done")).toBeVisible();
    await page.reload();
    await expect(other("Done")).toBeVisible();
  });

  await test.step("the technician cannot edit the job, yet runs \"Complete job\", which names their role", async () => {
    // The technician may not edit the job, yet "Complete job" names their role.
    await page.request.delete("/api/api/session", { headers: { origin: new URL(page.url()).origin } });
    await page.goto(`/project/${job.id}`);
    await logIn(page, techEmail);
    await expect(page.getByText("You can view this project. You can run: Complete job")).toBeVisible();
    const workflows = page.getByRole("group", { name: "Workflows" });
    await expect(workflows.getByRole("button")).toHaveText(["Complete job"]);
    await expect(page.getByRole("combobox", { name: "Status" })).toBeDisabled();
    await page.screenshot({ path: testInfo.outputPath("project-viewer-can-run.png"), fullPage: true });
    await workflows.getByRole("button", { name: "Complete job" }).click();
    await page.getByRole("dialog", { name: "Complete job" }).getByRole("button", { name: "Complete job" }).click();
    await expectToast(page, 'Project "Boiler at No. 7" has been updated', "Complete job");
    await expect(page.getByTestId("project-status")).toHaveText("Done");
    await expect(page.getByText("You can view this project but not change it.")).toBeVisible();
  });

  await test.step("the job's history names the workflow and keeps the comment", async () => {
    await page.getByRole("tab", { name: "History" }).click();
    await expect(page.getByTestId("history-entry").first()).toContainText("Complete job");
    await expect(page.getByTestId("history-entry").nth(1)).toContainText("Tuesday at nine");
  });
});

test("at 1280 px many columns scroll sideways under a drawn scrollbar; statuses show whole and long titles wrap at most twice", async ({ playwright, request, baseURL }, testInfo) => {
  // A browser that draws scrollbars (headless ones hide them by default), as people see the board.
  const browser = await playwright.chromium.launch({ ...testInfo.project.use.launchOptions, ignoreDefaultArgs: ["--hide-scrollbars"] });
  const page = await browser.newPage({ baseURL, viewport: { width: 1280, height: 800 } });
  const { email } = await signUpByApi(request, baseURL!);
  await page.goto("/project");
  await logIn(page, email);
  await expect(page.getByRole("heading", { name: "Projects" })).toBeVisible();
  const statuses = ["Requested", "Scheduling appointment", "Waiting for parts", "In progress", "Invoiced", "Done"].map((title, i) => ({ id: i + 1, title }));
  const type = await api(page, "post", "/project_type", { name: "Boiler repair", icon: "home" });
  await api(page, "patch", `/project_type/${type.id}`, { statuses });
  const long = `Replace the heat exchanger ${"and check every radiator valve on all floors ".repeat(3)}before winter`;
  await api(page, "post", "/project", { title: long, type: type.id, status: 2 });
  await api(page, "post", "/project", { title: "Last column job", type: type.id, status: 6 });

  await page.goto(`/dnd?type=${type.id}`);
  const board = page.getByTestId("board");
  await expect(column(page, "Done")).toBeAttached();
  // More columns than fit: the board scrolls sideways, and its scrollbar is on screen, not below the fold.
  const { scrollWidth, clientWidth } = await board.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
  expect(scrollWidth).toBeGreaterThan(clientWidth);
  const box = (await board.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(800);
  expect(await board.evaluate((el) => (el as HTMLElement).offsetHeight - el.clientHeight)).toBeGreaterThan(0);
  await expect(column(page, "Done")).not.toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: testInfo.outputPath("board-1280.png") });
  await column(page, "Done").scrollIntoViewIfNeeded();
  await expect(column(page, "Done")).toBeInViewport({ ratio: 1 });
  // The long title wraps at most twice on its card: three lines at most, all of it in the tooltip.
  const card = cards(page, "Scheduling appointment").first();
  await expect(card).toHaveAttribute("title", long);
  const lines = await card.locator("div").first().evaluate((el) => Math.round(el.clientHeight / parseFloat(getComputedStyle(el).lineHeight)));
  expect(lines).toBe(3);

  // On the list the status badge shows its whole title, and the long name wraps at most twice.
  await page.goto("/project");
  const badge = page.locator("tbody tr", { hasText: "Replace the heat exchanger" }).getByText("Scheduling appointment");
  await expect(badge).toBeVisible();
  expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const name = page.locator("tbody a[data-row-link]", { hasText: "Replace the heat exchanger" });
  await expect(name).toHaveAttribute("title", long);
  const nameLines = await name.evaluate((el) => Math.round(el.clientHeight / parseFloat(getComputedStyle(el).lineHeight)));
  expect(nameLines).toBeLessThanOrEqual(3);
  await browser.close();
});
