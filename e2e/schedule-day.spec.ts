import { expect, test } from "@playwright/test";
import { DESKTOP, expectToast, logIn, MOBILE, ownerApi, PASSWORD, picture, signInByApi, signUpByApi, TINY_PNG, uniqueEmail } from "./support";

/** "YYYY-MM-DD" of today where the browser is, as the day screen reads it. */
const todayIn = (timeZone: string) => new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());

test("a technician's day on a phone: on my way, start, complete with a photo; the project and the customer show the visit", async ({ page, request, baseURL }) => {
  const { email } = await signUpByApi(request, baseURL!);
  const headers = await signInByApi(request, baseURL!, email);
  const api = ownerApi(request, headers);
  const customer = await api.post<{ id: string }>("/customer", {
    name: "Mia Miller",
    phone: "+49 30 1234567",
    line1: "7 Elm Street",
    zip: "10115",
    city: "Berlin",
    country: "Germany",
  });
  const sites = await (await request.get(`/api/api/customer/${customer.id}/site`, { headers })).json();
  const site = sites.items[0] as { id: string };
  await api.patch(`/customer/${customer.id}/site/${site.id}`, { access_notes: "Key box by the garage, code 4711" });
  const type = await api.post<{ id: string }>("/project_type", { name: "Repairs", icon: "wrench" });
  const project = await api.post<{ id: string }>("/project", { title: "Boiler service", type: type.id, customer: customer.id, site: site.id });
  // The technician: no privileges, signed in on a phone.
  const role = await api.post<{ id: string }>("/role", { name: "Technicians", privileges: [] });
  const techEmail = uniqueEmail("tech");
  const tech = await api.post<{ id: string }>("/member", { name: "Tom Tech", email: techEmail, role: role.id });
  await api.patch(`/member/${tech.id}`, { password: PASSWORD });
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const today = todayIn(zone);
  const visit = await api.post<{ id: string }>("/visit", {
    project: project.id,
    start: `${today}T09:00`,
    end: `${today}T11:00`,
    arrival_window: 60,
    members: [tech.id],
    instructions: "Annual service, check the pressure valve",
  });

  await page.setViewportSize(MOBILE);
  const card = page.getByTestId("day-visit");

  await test.step("today's visit with its window, customer, address, access notes, call and text", async () => {
    await page.goto("/schedule/me");
    await logIn(page, techEmail);
    await expect(page.getByRole("heading", { name: "Today" })).toBeVisible();
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("9:00 AM – 11:00 AM");
    await expect(card).toContainText("Arrival between 9:00 AM and 10:00 AM");
    await expect(card.getByRole("link", { name: "Boiler service" })).toHaveAttribute("href", `/project/${project.id}/visits`);
    await expect(card.getByRole("link", { name: "Mia Miller" })).toBeVisible();
    await expect(card.getByRole("link", { name: "Open 7 Elm Street, 10115 Berlin, Germany in the map app" })).toHaveAttribute(
      "href",
      /7%20Elm%20Street%2C%2010115%20Berlin%2C%20Germany/,
    );
    await expect(card).toContainText("Key box by the garage, code 4711");
    await expect(card).toContainText("Annual service, check the pressure valve");
    await expect(card.getByRole("link", { name: "Call +49301234567" })).toHaveAttribute("href", "tel:+49301234567");
    await expect(card.getByRole("link", { name: "Text +49301234567" })).toHaveAttribute("href", "sms:+49301234567");
    await expect(card.getByTestId("visit-status")).toHaveText("Scheduled");
    await picture(page, "day-phone");
  });

  await test.step("the next day is empty, and back to today", async () => {
    await page.getByRole("button", { name: "Next day" }).click();
    await expect(page.getByText("No visits for you on this day.")).toBeVisible();
    await page.getByRole("link", { name: "Back to today" }).click();
    await expect(card).toHaveCount(1);
  });

  await test.step("On my way, then Start", async () => {
    await card.getByRole("button", { name: "On my way" }).click();
    await expectToast(page, "On your way to Boiler service");
    await expect(card.getByTestId("visit-status")).toHaveText("On the way");
    await card.getByRole("button", { name: "Start" }).click();
    await expectToast(page, "Boiler service started");
    await expect(card.getByTestId("visit-status")).toHaveText("In progress");
    await expect(card.getByRole("button", { name: "On my way" })).toHaveCount(0);
  });

  await test.step("Complete with a note and a photo", async () => {
    await card.getByRole("button", { name: "Complete" }).click();
    const dialog = page.getByRole("dialog", { name: "Complete the visit" });
    await dialog.getByRole("textbox", { name: "Note" }).fill("Valve replaced, pressure at 1.5 bar");
    await dialog.locator('input[type="file"]').setInputFiles({ name: "boiler.png", mimeType: "image/png", buffer: TINY_PNG });
    await expect(dialog).toContainText("boiler.png");
    // The price book prices no hour of work: the time on site is not asked for.
    await expect(dialog).toContainText("The price book has no item priced by the hour: the time is not recorded");
    await picture(page, "complete-phone");
    await dialog.getByRole("button", { name: "Complete" }).click();
    await expect(dialog).toBeHidden();
    await expectToast(page, "Boiler service completed");
    await expect(card.getByTestId("visit-status")).toHaveText("Completed");
    await expect(card.getByRole("button")).toHaveCount(0);
    await picture(page, "day-phone-completed");
  });

  await test.step("the photo is a file of the project, and the visit is completed there", async () => {
    const files = await (await request.get(`/api/api/project/${project.id}/file`, { headers })).json();
    expect(files.items).toEqual([expect.objectContaining({ name: "boiler.png", mimetype: "image/png", visit: visit.id, added_by: tech.id })]);
    const stored = await (await request.get(`/api/api/visit/${visit.id}`, { headers })).json();
    expect(stored).toMatchObject({ status: "completed", status_changed_by: tech.id });
    // The note is a staff note with the customer, carrying the photo too; beside it, the texts the customer got by themselves.
    const titles = async () => {
      const conversations = await (await request.get(`/api/api/conversation?customer=${customer.id}`, { headers })).json();
      return (conversations.items as { id: string; title: string }[]).map((item) => item.title).sort();
    };
    await expect.poll(titles).toEqual(["Notes on Mia Miller", "Text messages with Mia Miller"]);
    const conversations = await (await request.get(`/api/api/conversation?customer=${customer.id}`, { headers })).json();
    const notes = conversations.items.find((item: { title: string }) => item.title === "Notes on Mia Miller");
    const messages = await (await request.get(`/api/api/message?conversation=${notes.id}`, { headers })).json();
    expect(messages.items).toHaveLength(1);
    expect(messages.items[0].type).toMatchObject({ id: "note" });
    expect(JSON.stringify(messages.items[0])).toContain("Valve replaced, pressure at 1.5 bar");
    expect(JSON.stringify(messages.items[0])).toContain(files.items[0].id);

    await page.goto(`/project/${project.id}/visits`);
    const visits = page.getByRole("region", { name: "Visits" });
    await expect(visits.getByTestId("visit-row")).toHaveCount(1);
    await expect(visits.getByTestId("visit-status")).toHaveText("Completed");
    await expect(visits.getByTestId("visit-row")).toContainText("Tom Tech");
    // Scheduling needs what editing the project needs, which the technician has not.
    await expect(visits.getByRole("button", { name: "Schedule visit" })).toHaveCount(0);
    const photos = page.getByRole("region", { name: "Photos and files" });
    await expect(photos.getByRole("link", { name: "boiler.png" })).toHaveAttribute("href", /\/file\/[0-9a-f-]{36}$/);
    await picture(page, "project-visits-phone");
  });

  await test.step("the customer's record shows the visit", async () => {
    await page.goto(`/customer/${customer.id}`);
    const visits = page.getByRole("region", { name: "Visits" });
    await expect(visits.getByTestId("visit-row")).toHaveCount(1);
    await expect(visits.getByTestId("visit-row")).toContainText("Boiler service");
    await expect(visits.getByTestId("visit-status")).toHaveText("Completed");
    await picture(page, "customer-phone");
  });

  await test.step("on a desktop", async () => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/schedule/me");
    await expect(card.getByTestId("visit-status")).toHaveText("Completed");
    await expect(card.getByRole("link", { name: /in the map app$/ })).toBeVisible();
    await expect(card.getByRole("link", { name: "Call +49301234567" })).toBeVisible();
    await picture(page, "day-desktop");
    await page.goto(`/project/${project.id}/visits`);
    await expect(page.getByRole("region", { name: "Photos and files" }).getByRole("link", { name: "boiler.png" })).toBeVisible();
    await picture(page, "project-visits-desktop");
  });
});

test("the office schedules a visit from the project, sees it on the dashboard, and subscribes to its calendar", async ({ page, request, baseURL }) => {
  const { email } = await signUpByApi(request, baseURL!);
  const headers = await signInByApi(request, baseURL!, email);
  const api = ownerApi(request, headers);
  const session = await (await request.get("/api/api/session", { headers })).json();
  const type = await api.post<{ id: string }>("/project_type", { name: "Repairs", icon: "wrench" });
  const project = await api.post<{ id: string }>("/project", { title: "Leaking tap", type: type.id });
  await page.setViewportSize(DESKTOP);

  await test.step("Schedule visit on the project's Visits tab", async () => {
    await page.goto(`/project/${project.id}/visits`);
    await logIn(page, email);
    const visits = page.getByRole("region", { name: "Visits" });
    await expect(visits).toContainText("No visits scheduled for this project.");
    await visits.getByRole("button", { name: "Schedule visit" }).click();
    // The schedule's visit form, with the project given.
    const dialog = page.getByRole("dialog", { name: "New visit" });
    await expect(dialog.getByRole("textbox", { name: "Project" })).toHaveValue("Leaking tap");
    await dialog.getByRole("textbox", { name: "Start", exact: true }).fill("10:00");
    await dialog.getByRole("textbox", { name: "End", exact: true }).fill("11:30");
    await dialog.getByRole("combobox", { name: "Members" }).click();
    await page.getByRole("option", { name: "Olga Owner" }).click();
    await dialog.getByRole("textbox", { name: "Instructions" }).fill("Washers in the van");
    await picture(page, "schedule-visit-dialog");
    await dialog.getByRole("button", { name: "Create" }).click();
    await expectToast(page, 'Visit for "Leaking tap" has been created');
    await expect(visits.getByTestId("visit-row")).toHaveCount(1);
    await expect(visits.getByTestId("visit-status")).toHaveText("Scheduled");
  });

  await test.step("the dashboard shows today's visits", async () => {
    await page.goto("/");
    const today = page.getByRole("region", { name: "Today's visits" });
    await expect(today.getByTestId("today-visit")).toHaveCount(1);
    await expect(today.getByTestId("today-visit")).toContainText("Leaking tap");
    await expect(today.getByTestId("today-visit")).toContainText("Olga Owner");
    await picture(page, "dashboard-desktop");
  });

  await test.step("Settings → Calendar makes a private address that a calendar app reads", async () => {
    await page.goto("/settings/calendar");
    const mine = page.getByTestId("calendar-feed").filter({ hasText: "My visits" });
    await mine.getByRole("button", { name: "Create address" }).click();
    const address = await mine.getByRole("textbox", { name: "Calendar address" }).inputValue();
    expect(address).toMatch(/\/api\/api\/calendar\/[0-9a-f]{64}$/);
    // An admin also has one per location; this organization has none yet.
    await expect(page.getByTestId("calendar-feed")).toHaveCount(1);
    await picture(page, "settings-calendar");
    const feed = await request.get(new URL(address).pathname);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toMatch(/^text\/calendar/);
    const text = await feed.text();
    expect(text).toContain("SUMMARY:Leaking tap");
    expect(text).toContain(`/project/${project.id}/visits`);
    expect(session.member.id).toBeTruthy();
  });
});

test("a technician's day that cannot be read says why, and Try again reads it again", async ({ page, request, baseURL }) => {
  const { email } = await signUpByApi(request, baseURL!);
  await page.setViewportSize(MOBILE);
  await page.goto("/");
  await logIn(page, email);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  // No connection to the server while the day is read.
  let online = false;
  let asked = 0;
  await page.route("**/api/api/visit?**", (route) => {
    asked += 1;
    return online ? route.continue() : route.abort("internetdisconnected");
  });
  await page.goto("/schedule/me");
  const alert = page.getByRole("alert").filter({ hasText: "Your visits could not be loaded." });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("Could not connect to the servers");
  await picture(page, "day-offline-phone");

  const retry = alert.getByRole("button", { name: "Try again" });
  const before = asked;
  await retry.click();
  await expect.poll(() => asked).toBeGreaterThan(before);
  await expect(alert).toContainText("Could not connect to the servers");

  // Back online, Try again (or the screen's own next try) shows the day.
  online = true;
  const empty = page.getByText("No visits for you today.");
  await expect(async () => {
    if (await retry.isVisible()) await retry.click();
    await expect(empty).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await expect(alert).toHaveCount(0);
});

test.describe("a viewer in another time zone", () => {
  const OWN_ZONE = "Pacific/Auckland";
  test.use({ timezoneId: OWN_ZONE });

  test("sees a visit at its site's time and at their own: their day, the dashboard, the project and the customer", async ({ page, request, baseURL }) => {
    const { email } = await signUpByApi(request, baseURL!);
    const headers = await signInByApi(request, baseURL!, email);
    const api = ownerApi(request, headers);
    const session = await (await request.get("/api/api/session", { headers })).json();
    const customer = await api.post<{ id: string }>("/customer", { name: "Kai Kern", phone: "+49 30 7654321" });
    const type = await api.post<{ id: string }>("/project_type", { name: "Repairs", icon: "wrench" });
    const project = await api.post<{ id: string }>("/project", { title: "Roof check", type: type.id, customer: customer.id });
    const today = todayIn(OWN_ZONE);
    const visit = await api.post<{ start: string; time_zone: string }>("/visit", { project: project.id, start: `${today}T09:00`, end: `${today}T10:00`, members: [session.member.id] });
    expect(visit.time_zone).not.toBe(OWN_ZONE);
    const hour = new Intl.DateTimeFormat("en-US", { timeZone: OWN_ZONE, hour: "numeric", hour12: true }).formatToParts(new Date(visit.start)).find((part) => part.type === "hour")!.value;
    // The viewer's own time, with the weekday when it falls on another day there.
    const ownTime = new RegExp(`Your time: (\\w{3},? )?${hour}:00`);

    await page.setViewportSize(MOBILE);
    await page.goto("/schedule/me");
    await logIn(page, email);
    const card = page.getByTestId("day-visit");
    await expect(card).toContainText("9:00 AM – 10:00 AM");
    await expect(card).toContainText(ownTime);
    await picture(page, "day-other-zone-phone");

    await page.goto("/");
    await expect(page.getByRole("region", { name: "Today's visits" }).getByTestId("today-visit")).toContainText(ownTime);
    await page.goto(`/project/${project.id}/visits`);
    await expect(page.getByRole("region", { name: "Visits" }).getByTestId("visit-row")).toContainText(ownTime);
    await page.goto(`/customer/${customer.id}`);
    await expect(page.getByRole("region", { name: "Visits" }).getByTestId("visit-row")).toContainText(ownTime);
  });
});
