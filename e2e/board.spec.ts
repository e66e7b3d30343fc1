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


test("500 projects load onto the board at once; a move the server refuses goes back with a toast", async ({ page, request, baseURL }) => {
  test.setTimeout(240_000);
  const { email } = await signUpByApi(request, baseURL!);
  await page.goto("/dnd");
  await logIn(page, email);
  await expect(page.getByRole("heading", { name: "Project board" })).toBeVisible();
  await expect(page.getByText("There are no project types yet")).toBeVisible();

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

  const names = page.waitForResponse((res) => res.url().includes("/api/api/customer?"));
  const started = Date.now();
  await page.goto("/dnd");
  await expect(page).toHaveURL(new RegExp(`type=${type.id}`));
  await expect(page.getByTestId("board-card")).toHaveCount(PROJECTS);
  console.log(`${PROJECTS} cards shown ${Date.now() - started} ms after navigation`);
  await expect(cards(page, "Requested")).toHaveCount(167);
  await expect(cards(page, "Scheduled")).toHaveCount(167);
  await expect(cards(page, "Done")).toHaveCount(166);
  // Customer names for every card came in one list request.
  expect((await names).url()).toContain("id=");
  await expect(cards(page, "Requested").first()).toContainText("Mia Miller");
  await page.screenshot({ path: "/tmp/project-shots/board-500-desktop.png" });

  // The owner drags with the mouse: the move shows at once and stays after a reload.
  const first = cards(page, "Requested").filter({ hasText: "Gutters 000" });
  const saved = page.waitForResponse((res) => res.request().method() === "PATCH");
  await dragWithMouse(page, first, cards(page, "Done").first());
  await expect(cards(page, "Done").filter({ hasText: "Gutters 000" })).toBeVisible();
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(cards(page, "Done").filter({ hasText: "Gutters 000" })).toBeVisible();
  await expect(cards(page, "Requested")).toHaveCount(166);

  await page.request.delete("/api/api/session", { headers: { origin: new URL(page.url()).origin } });
  await page.goto(`/dnd?type=${type.id}`);
  await logIn(page, staffEmail);
  await expect(page.getByTestId("board-card")).toHaveCount(PROJECTS);
  const refused = page.waitForResponse((res) => res.request().method() === "PATCH");
  const card = cards(page, "Requested").filter({ hasText: "Gutters 003" });
  await card.focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Space");
  expect((await refused).status()).toBe(403);
  await expectToast(page, "Permission required", "projects_manage");
  await expect(cards(page, "Requested").filter({ hasText: "Gutters 003" })).toBeVisible();
  await expect(cards(page, "Scheduled").filter({ hasText: "Gutters 003" })).toHaveCount(0);
});
