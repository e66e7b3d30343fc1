import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoOverflow, logIn, PASSWORD, signUpByApi, uniqueEmail } from "./support";

// A Tuesday well ahead, so no clock of the machine makes it today or the past.
const DAY = "2031-03-04";
const ZONE = "Europe/Berlin";

// Wide enough that the whole working day is in view: every drag lands where the test points.
test.use({ timezoneId: ZONE, viewport: { width: 1440, height: 900 } });

type Visit = { id: string; day: string | null; start_local: string | null; end_local: string | null; members: string[]; clashes: { type: string; title: string }[] };

async function api<T>(page: Page, method: "get" | "post" | "patch", path: string, data?: object): Promise<T> {
  const origin = new URL(page.url()).origin;
  const res = await page.request[method](`/api/api${path}`, { headers: { origin }, data });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBeTruthy();
  return res.json() as Promise<T>;
}

/** The project's visits as the API answers them. */
const visitsOf = async (page: Page, project: string) => (await api<{ items: Visit[] }>(page, "get", `/visit?project=${project}`)).items;

/** A member's row on the board (`any` for the row of visits at any time that day). */
const row = (page: Page, member: string, any = false) => page.locator(`[data-row="${member}${any ? "|any" : ""}"]`).locator("xpath=..");
/** The left edge of an hour's column in the header ("09:00"). */
const hourColumn = (page: Page, hour: number) => page.locator(`time[datetime="${DAY}T${String(hour).padStart(2, "0")}:00:00"]`).locator("xpath=..");
/** Where a time ("11:30") is on the axis: the header labels whole hours, a half hour lies between two. */
async function timeX(page: Page, time: string) {
  const [hour, minute] = time.split(":").map(Number);
  const left = (await hourColumn(page, hour).boundingBox())!.x;
  if (minute === 0) return left;
  const next = (await hourColumn(page, hour + 1).boundingBox())!.x;
  return left + ((next - left) * minute) / 60;
}
const visitOnBoard = (page: Page, title: string) => page.getByTestId("schedule-visit").filter({ hasText: title });

/** A point in a lane at a time, `dx` pixels past it. */
async function point(page: Page, lane: Locator, time: string, dx = 6) {
  const laneBox = (await lane.boundingBox())!;
  return { x: (await timeX(page, time)) + dx, y: laneBox.y + laneBox.height / 2 };
}

/** The board has drawn what the server saved: its saving indicator is gone. */
const boardSaved = (page: Page) => expect(page.getByLabel("Saving…")).toHaveCount(0);

/** Presses at `from`, moves past the drag threshold, travels in steps and lets go at `to`, as a person does. */
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 8, from.y + 4, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 20 });
  await page.mouse.up();
}

test("the dispatcher schedules waiting work by dragging, moves and resizes a visit, and keeps a clash anyway", async ({ page, request, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const { email } = await signUpByApi(request, baseURL!);
  await page.goto(`/schedule?date=${DAY}`);
  await logIn(page, email);
  await expect(page.getByRole("heading", { name: "Schedule", exact: true })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Schedule" })).toHaveAttribute("aria-current", "page");

  const seeded = await test.step("a project whose status needs scheduling, a visit waiting for a time, a second member with a visit that afternoon", async () => {
    const session = await api<{ member: { id: string }; organization: { id: string } }>(page, "get", "/session");
    await api(page, "patch", `/organization/${session.organization.id}`, { business: { time_zone: ZONE } });
    const type = await api<{ id: string }>(page, "post", "/project_type", { name: "Heating", icon: "home" });
    await api(page, "patch", `/project_type/${type.id}`, {
      statuses: [
        { id: 1, title: "To schedule", needs_scheduling: true },
        { id: 2, title: "Booked" },
      ],
    });
    const customer = await api<{ id: string }>(page, "post", "/customer", { name: "Mia Miller" });
    const project = await api<{ id: string }>(page, "post", "/project", { title: "Boiler service", type: type.id, status: 1, customer: customer.id });
    const other = await api<{ id: string }>(page, "post", "/project", { title: "Roof check", type: type.id, status: 2, customer: customer.id });
    const role = await api<{ id: string }>(page, "post", "/role", { name: "Technician", privileges: [] });
    const ben = await api<{ id: string }>(page, "post", "/member", { name: "Ben Builder", email: uniqueEmail("ben"), role: role.id });
    await api(page, "patch", `/member/${ben.id}`, { password: PASSWORD });
    await api(page, "post", "/visit", { project: other.id, start: `${DAY}T14:00`, end: `${DAY}T15:00`, members: [ben.id] });
    await api(page, "post", "/time_off", { member: ben.id, reason: "Dentist", start: `${DAY}T16:00:00+01:00`, end: `${DAY}T18:00:00+01:00` });
    // With no time and no day it waits in the tray.
    const gutters = await api<{ id: string }>(page, "post", "/project", { title: "Gutter repair", type: type.id, status: 2, customer: customer.id });
    await api(page, "post", "/visit", { project: gutters.id, instructions: "Bring the long ladder" });
    return { olga: session.member.id, ben: ben.id, project: project.id, gutters: gutters.id };
  });

  await test.step("the board shows both members' rows, Ben's visit, and the project and the visit waiting in the tray", async () => {
    await page.reload();
    await expect(row(page, seeded.olga)).toContainText("Olga Owner");
    await expect(row(page, seeded.ben)).toContainText("Ben Builder");
    await expect(visitOnBoard(page, "Roof check")).toBeVisible();
    // Ben's time off is shaded on his row, its reason where the pointer rests.
    await expect(page.locator('.ec-bg-event[title="Time off: Dentist"]').first()).toBeVisible();
    await expect(page.getByTestId("tray-card").filter({ hasText: "Boiler service" })).toBeVisible();
    await expect(page.getByTestId("tray-card").filter({ hasText: "Gutter repair" })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("schedule-desktop.png"), fullPage: true });
  });

  await test.step("dragging the project from the tray to Olga at 09:00 makes its visit there", async () => {
    const card = page.getByTestId("tray-card").filter({ hasText: "Boiler service" });
    const box = (await card.boundingBox())!;
    await drag(page, { x: box.x + 30, y: box.y + 20 }, await point(page, row(page, seeded.olga), "09:00"));
    await expect(visitOnBoard(page, "Boiler service")).toBeVisible();
    await expect(page.getByTestId("tray-card").filter({ hasText: "Boiler service" })).toHaveCount(0);
    await expect.poll(async () => (await visitsOf(page, seeded.project)).map((v) => [v.start_local, v.end_local, v.members])).toEqual([[`${DAY}T09:00`, `${DAY}T10:00`, [seeded.olga]]]);
    await boardSaved(page);
    // Drawn in Olga's row.
    await expect(async () => {
      const [visit, lane] = [(await visitOnBoard(page, "Boiler service").boundingBox())!, (await row(page, seeded.olga).boundingBox())!];
      expect(visit.y + visit.height / 2).toBeGreaterThan(lane.y);
      expect(visit.y + visit.height / 2).toBeLessThan(lane.y + lane.height);
    }).toPass({ timeout: 10_000 });
  });

  await test.step("moving it to Ben at 10:00 reassigns it and keeps its hour", async () => {
    const visit = (await visitOnBoard(page, "Boiler service").boundingBox())!;
    const to = await point(page, row(page, seeded.ben), "10:00", 10);
    await drag(page, { x: visit.x + 10, y: visit.y + visit.height / 2 }, to);
    await expect.poll(async () => (await visitsOf(page, seeded.project)).map((v) => [v.start_local, v.end_local, v.members])).toEqual([[`${DAY}T10:00`, `${DAY}T11:00`, [seeded.ben]]]);
    await boardSaved(page);
    await expect(async () => {
      const lane = (await row(page, seeded.ben).boundingBox())!;
      const moved = (await visitOnBoard(page, "Boiler service").boundingBox())!;
      expect(moved.y + moved.height / 2).toBeGreaterThan(lane.y);
      expect(moved.y + moved.height / 2).toBeLessThan(lane.y + lane.height);
    }).toPass({ timeout: 10_000 });
  });

  await test.step("dragging its end to 11:30 makes it an hour and a half", async () => {
    const visit = visitOnBoard(page, "Boiler service");
    await visit.hover();
    const resizer = visit.locator(".ec-resizer");
    const box = (await resizer.boundingBox())!;
    // The end becomes the end of the quarter hour under the pointer: let go in the middle of 11:15–11:30.
    const quarter = ((await timeX(page, "12:00")) - (await timeX(page, "11:00"))) / 4;
    const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await drag(page, from, { x: (await timeX(page, "11:30")) - quarter / 2, y: from.y });
    await expect.poll(async () => (await visitsOf(page, seeded.project)).map((v) => [v.start_local, v.end_local])).toEqual([[`${DAY}T10:00`, `${DAY}T11:30`]]);
    await boardSaved(page);
  });

  await test.step("moving it onto Ben's other visit asks about the clash, and Keep anyway keeps it there", async () => {
    const visit = (await visitOnBoard(page, "Boiler service").boundingBox())!;
    const to = await point(page, row(page, seeded.ben), "14:00", 10);
    await drag(page, { x: visit.x + 10, y: visit.y + visit.height / 2 }, to);
    const dialog = page.getByRole("dialog", { name: "This visit clashes" });
    await expect(dialog).toContainText("Roof check");
    await dialog.getByRole("button", { name: "Keep anyway" }).click();
    await expect(dialog).toBeHidden();
    await boardSaved(page);
    const [saved] = await visitsOf(page, seeded.project);
    expect([saved.start_local, saved.end_local, saved.members]).toEqual([`${DAY}T14:00`, `${DAY}T15:30`, [seeded.ben]]);
    expect(saved.clashes.map((clash) => [clash.type, clash.title])).toEqual([["visit", "Roof check"]]);
    // The board marks it, and names what it clashes with.
    await expect(visitOnBoard(page, "Boiler service")).toHaveAttribute("title", /Roof check/);
  });

  await test.step("the waiting visit dragged to Olga's any-time row is on that day at any time", async () => {
    const card = page.getByTestId("tray-card").filter({ hasText: "Gutter repair" });
    const box = (await card.boundingBox())!;
    await drag(page, { x: box.x + 30, y: box.y + 20 }, await point(page, row(page, seeded.olga, true), "12:00"));
    await expect(visitOnBoard(page, "Gutter repair")).toBeVisible();
    await expect.poll(async () => (await visitsOf(page, seeded.gutters)).map((v) => [v.day, v.start_local, v.members])).toEqual([[DAY, null, [seeded.olga]]]);
    await boardSaved(page);
  });

  await test.step("moving it onto Ben's visit at 14:00 asks about the clash, and Undo puts it back", async () => {
    // It spans the whole row, wider than the view: taken where noon is.
    await drag(page, await point(page, row(page, seeded.olga, true), "12:00", 10), await point(page, row(page, seeded.ben), "14:00", 10));
    const dialog = page.getByRole("dialog", { name: "This visit clashes" });
    await expect(dialog).toContainText("Roof check");
    await dialog.getByRole("button", { name: "Undo" }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(async () => (await visitsOf(page, seeded.gutters)).map((v) => [v.day, v.start_local, v.members, v.clashes.length])).toEqual([[DAY, null, [seeded.olga], 0]]);
    await boardSaved(page);
    await expect(async () => {
      const [shown, lane] = [(await visitOnBoard(page, "Gutter repair").boundingBox())!, (await row(page, seeded.olga, true).boundingBox())!];
      expect(shown.y + shown.height / 2).toBeGreaterThan(lane.y);
      expect(shown.y + shown.height / 2).toBeLessThan(lane.y + lane.height);
    }).toPass({ timeout: 10_000 });
  });

  await test.step("the visit opens in a side panel with its customer and project", async () => {
    await visitOnBoard(page, "Boiler service").click();
    const panel = page.getByTestId("visit-drawer");
    await expect(panel.getByRole("link", { name: "Boiler service" })).toBeVisible();
    await expect(panel.getByRole("link", { name: "Mia Miller" })).toBeVisible();
    await expect(panel).toContainText("Roof check");
    await page.screenshot({ path: testInfo.outputPath("schedule-drawer.png") });
    await page.keyboard.press("Escape");
  });

  await test.step("from the keyboard, a visit opens and its form gives it a time", async () => {
    await page.getByRole("button", { name: "Gutter repair, Mia Miller" }).focus();
    await page.keyboard.press("Enter");
    const panel = page.getByTestId("visit-drawer");
    await expect(panel).toContainText("Bring the long ladder");
    await panel.getByRole("button", { name: "Edit visit" }).click();
    const form = page.getByRole("dialog", { name: "Visit: Gutter repair" });
    await form.getByLabel("Any time that day").uncheck();
    await form.getByLabel("Start").fill("16:00");
    await form.getByLabel("End").fill("17:30");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form).toBeHidden();
    await expect.poll(async () => (await visitsOf(page, seeded.gutters)).map((v) => [v.day, v.start_local, v.end_local, v.members])).toEqual([[null, `${DAY}T16:00`, `${DAY}T17:30`, [seeded.olga]]]);
    await boardSaved(page);
    await expect(async () => {
      const [shown, lane] = [(await visitOnBoard(page, "Gutter repair").boundingBox())!, (await row(page, seeded.olga).boundingBox())!];
      expect(shown.y + shown.height / 2).toBeGreaterThan(lane.y);
      expect(shown.y + shown.height / 2).toBeLessThan(lane.y + lane.height);
    }).toPass({ timeout: 10_000 });
  });

  await test.step("on a phone the board scrolls sideways and the tray stays usable", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(visitOnBoard(page, "Boiler service")).toBeAttached();
    await expectNoOverflow(page);
    await page.screenshot({ path: testInfo.outputPath("schedule-phone.png"), fullPage: true });
    // The visit form fills the phone's screen.
    await page.getByRole("button", { name: "New visit" }).click();
    const form = page.getByRole("dialog", { name: "New visit" });
    await expect(form.getByRole("textbox", { name: "Start", exact: true })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("schedule-form-phone.png") });
    await form.getByRole("button", { name: "Cancel" }).click();
    await expect(form).toBeHidden();
  });
});

test("at a location the board shows its people, with their work elsewhere, and the day reads as a list without script", async ({ page, request, baseURL, browser }) => {
  const { email } = await signUpByApi(request, baseURL!);
  await page.goto(`/schedule?date=${DAY}`);
  await logIn(page, email);
  await expect(page.getByRole("heading", { name: "Schedule", exact: true })).toBeVisible();

  const seeded = await test.step("two locations, a technician at each, and three visits that day", async () => {
    const session = await api<{ organization: { id: string } }>(page, "get", "/session");
    await api(page, "patch", `/organization/${session.organization.id}`, { business: { time_zone: ZONE } });
    const north = await api<{ id: string }>(page, "post", "/location", { name: "North" });
    const south = await api<{ id: string }>(page, "post", "/location", { name: "South" });
    const type = await api<{ id: string }>(page, "post", "/project_type", { name: "Heating", icon: "home" });
    const role = await api<{ id: string }>(page, "post", "/role", { name: "Technician", privileges: [] });
    // Everything is shared with every location, so North could see it all.
    const shared = { default: "view", locations: [] };
    const technician = async (name: string, location: string) => {
      const made = await api<{ id: string }>(page, "post", "/member", { name, email: uniqueEmail("tech"), role: role.id, location });
      await api(page, "patch", `/member/${made.id}`, { sharing: shared });
      return made;
    };
    const nora = await technician("Nora North", north.id);
    const sam = await technician("Sam South", south.id);
    const project = async (title: string, location: string) => {
      const made = await api<{ id: string }>(page, "post", "/project", { title, type: type.id, location });
      await api(page, "patch", `/project/${made.id}`, { sharing: shared });
      return made;
    };
    const boiler = await project("Boiler at North", north.id);
    const roof = await project("Roof at South", south.id);
    const gutters = await project("Gutters at South", south.id);
    // South's technician helps at North; North's technician works at South; South's own work.
    await api(page, "post", "/visit", { project: boiler.id, start: `${DAY}T09:00`, end: `${DAY}T10:00`, members: [sam.id] });
    await api(page, "post", "/visit", { project: roof.id, start: `${DAY}T11:00`, end: `${DAY}T12:00`, members: [nora.id] });
    await api(page, "post", "/visit", { project: gutters.id, start: `${DAY}T13:00`, end: `${DAY}T14:00`, members: [sam.id] });
    await api(page, "patch", "/session", { location: north.id });
    return { nora: nora.id, sam: sam.id };
  });

  await test.step("North's board: its visit and its technician's work at South, not South's own work", async () => {
    await page.reload();
    await expect(visitOnBoard(page, "Boiler at North")).toBeVisible();
    await expect(visitOnBoard(page, "Roof at South")).toBeVisible();
    await expect(row(page, seeded.nora)).toContainText("Nora North");
    // South's technician has a row for their visit at North.
    await expect(row(page, seeded.sam)).toContainText("Sam South");
    await expect(visitOnBoard(page, "Gutters at South")).toHaveCount(0);
  });

  await test.step("without script, the same day as a list: each member and their visits with times", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState(), timezoneId: ZONE });
    const plain = await context.newPage();
    await plain.goto(`/schedule?date=${DAY}`);
    const day = plain.getByRole("region", { name: "Tuesday, March 4, 2031" });
    const member = (name: string) => day.getByRole("listitem").filter({ has: plain.getByText(name, { exact: true }) });
    await expect(member("Nora North")).toContainText("11:00 AM – 12:00 PM");
    await expect(member("Nora North")).toContainText("Roof at South");
    await expect(member("Sam South")).toContainText("9:00 AM – 10:00 AM");
    await expect(member("Sam South")).toContainText("Boiler at North");
    await expect(day).not.toContainText("Gutters at South");
    await plain.screenshot({ path: test.info().outputPath("schedule-list.png"), fullPage: true });
    await context.close();
  });
});
