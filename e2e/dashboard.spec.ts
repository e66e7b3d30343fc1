import { expect, test, type APIRequestContext } from "@playwright/test";
import { expectNoOverflow, logIn, MOBILE, ownerApi, rawEmail, signInByApi, signUpByApi } from "./support";

async function postJson<T>(request: APIRequestContext, headers: Record<string, string>, url: string, data: unknown, method: "post" | "patch" = "post") {
  const res = await request[method](url, { headers, data });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** A shop with a boiler project type, four projects (one done), two customers and one unread email. */
async function setStage(request: APIRequestContext, baseURL: string) {
  const { email } = await signUpByApi(request, baseURL, "Dash Plumbing");
  const headers = await signInByApi(request, baseURL, email);
  const session = await (await request.get("/api/api/session")).json();
  const me = session.member.id as string;
  const type = await postJson<{ id: string }>(request, headers, "/api/api/project_type", { name: "Boiler service", icon: "flame" });
  const statuses = [
    { id: 1, title: "Requested" },
    { id: 2, title: "Scheduled" },
    { id: 3, title: "Done" },
  ];
  await postJson(request, headers, `/api/api/project_type/${type.id}`, { statuses }, "patch");
  const project = (title: string, status: number, owner: string | null) =>
    postJson(request, headers, "/api/api/project", { title, type: type.id, status, owner });
  await project("Boiler at No. 7", 2, me);
  await project("Boiler at No. 9", 2, null);
  await project("Boiler at the bakery", 1, me);
  await project("Boiler at the school", 3, me);
  await postJson(request, headers, "/api/api/customer", { name: "Mia Miller", email: "mia@example.test" });
  await postJson(request, headers, "/api/api/customer", { name: "Noah Smith" });
  const organization = await (await request.get(`/api/api/organization/${session.organization.id}`)).json();
  const inbound = new URL(organization.inbound_email_url).pathname;
  const res = await request.post(inbound, {
    headers: { "content-type": "message/rfc822" },
    data: rawEmail({ from: "Mia Miller <mia@example.test>", to: "shop@example.test", subject: "Dripping tap", text: "It drips again." }),
  });
  expect(res.status()).toBe(202);
  await request.delete("/api/api/session", { headers });
  return { email };
}

test("the dashboard answers what needs attention, each figure opens exactly its rows, and the first steps tick themselves", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const { email } = await setStage(request, baseURL!);
  await page.goto("/");
  await logIn(page, email);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByText("Start", { exact: true })).toBeVisible();

  const mine = page.getByRole("link", { name: "My open projects: 2" });
  await expect(mine).toBeVisible();
  await expect(page.getByRole("link", { name: "Unread conversations: 1" })).toBeVisible();
  await expect(page.getByRole("link", { name: "New customers this week: 2" })).toBeVisible();
  await expect(page.getByRole("link", { name: "New projects this week: 4" })).toBeVisible();
  const boilers = page.getByRole("group", { name: "Boiler service" });
  await expect(boilers.getByRole("link", { name: "Boiler service, Requested: 1" })).toBeVisible();
  await expect(boilers.getByRole("link", { name: "Boiler service, Scheduled: 2" })).toBeVisible();
  await expect(boilers.getByRole("link", { name: /Done/ })).toHaveCount(0);

  const steps = page.getByRole("region", { name: "First steps" });
  await expect(steps.getByText("2 of 5 done")).toBeVisible();
  await expect(steps.getByRole("listitem").filter({ hasText: "Create a project type" }).getByLabel("Done")).toBeVisible();
  await expect(steps.getByRole("listitem").filter({ hasText: "Import your customers" }).getByLabel("Done")).toBeVisible();
  await expect(steps.getByRole("listitem").filter({ hasText: "Create a location" }).getByLabel("To do")).toBeVisible();
  const shot = testInfo.outputPath("dashboard.png");
  await page.screenshot({ path: shot, fullPage: true });
  await testInfo.attach("dashboard", { path: shot, contentType: "image/png" });

  const rows = page.locator("tbody tr");
  await mine.click();
  await expect(page).toHaveURL(/\/project\?owner=.*&open=true/);
  await expect(rows).toHaveCount(2);
  await expect(page.getByText("Boiler at No. 7")).toBeVisible();
  await expect(page.getByText("Boiler at the bakery")).toBeVisible();
  await expect(page.getByRole("button", { name: "Filters" })).toContainText("2");

  // Today's visits load above the open projects: while they load, the projects stand where
  // an empty day leaves them, so a click aimed at them lands.
  const visits = /\/api\/api\/visit\?/;
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route(visits, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/");
  const scheduled = page.getByRole("link", { name: "Boiler service, Scheduled: 2" });
  await expect(page.getByLabel("Loading today's visits")).toBeVisible();
  const whileLoading = (await scheduled.boundingBox())!.y;
  answer();
  await expect(page.getByText("No visits today.")).toBeVisible();
  expect(Math.abs((await scheduled.boundingBox())!.y - whileLoading)).toBeLessThan(1);
  await page.unroute(visits);
  await scheduled.click();
  await expect(page).toHaveURL(/\/project\?type=.*&status=2/);
  await expect(rows).toHaveCount(2);
  await expect(page.getByText("Boiler at No. 9")).toBeVisible();

  await page.goto("/");
  await page.getByRole("link", { name: "New customers this week: 2" }).click();
  await expect(page).toHaveURL(/\/customer\?created_since=/);
  await expect(rows).toHaveCount(2);
  await page.getByRole("button", { name: "Filters" }).click();
  await expect(page.getByRole("textbox", { name: "Created since" })).toHaveValue(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);

  await page.goto("/");
  await page.getByRole("link", { name: "Unread conversations: 1" }).click();
  await expect(page).toHaveURL(/\/conversation\?unread=true/);
  await expect(rows).toHaveCount(1);
  await expect(page.getByText("Dripping tap")).toBeVisible();

  // Dismissed, the checklist stays away.
  await page.goto("/");
  await steps.getByRole("button", { name: "Dismiss first steps" }).click();
  await expect(steps).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("link", { name: "My open projects: 2" })).toBeVisible();
  await expect(steps).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("link", { name: "New projects this week: 4" })).toBeInViewport({ ratio: 0.5 }).catch(() => undefined);
  const phone = testInfo.outputPath("dashboard-phone.png");
  await page.screenshot({ path: phone, fullPage: true });
  await testInfo.attach("dashboard-phone", { path: phone, contentType: "image/png" });
});

test("the invoice figures show what is invoiced and outstanding, each a link to the invoice list filtered as it counts", async ({ page, request, baseURL }, testInfo) => {
  const { email } = await signUpByApi(request, baseURL!, "Dash Plumbing");
  const headers = await signInByApi(request, baseURL!, email);
  const api = ownerApi(request, headers);
  const customer = await api.post<{ id: string }>("/customer", { name: "Mia Miller", email: "mia@example.test" });
  const draft = await api.post<{ id: string }>("/invoice", {
    from: "blank",
    customer: customer.id,
    title: "Boiler repair",
    sections: [{ lines: [{ name: "Boiler part", unit: "piece", unit_price: 50_000, quantity: 2 }] }],
  });
  const issued = await api.post<{ total: number }>(`/invoice/${draft.id}/issue`, {});
  const { currency } = (await (await request.get("/api/api/dashboard", { headers })).json()).invoices;
  const total = new Intl.NumberFormat("en-US", { style: "currency", currency }).format(issued.total / 100);
  await page.goto("/");
  await logIn(page, email);
  const outstanding = page.getByRole("link", { name: `Outstanding: ${total}` });
  await expect(outstanding).toBeVisible({ timeout: 30_000 });
  await expect(outstanding).toContainText("1 invoice");
  await expect(outstanding).toHaveAttribute("href", "/invoice?status=issued&status=sent&status=partly_paid&status=overdue&sort=due_date%3Aasc");
  await expect(page.getByRole("link", { name: `Invoiced this month: ${total}` })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Overdue: / })).toHaveAttribute("href", "/invoice?status=overdue&sort=due_date%3Aasc");
  await expect(page.getByRole("link", { name: /^Paid this month: / })).toContainText("0 payments");
  const shot = testInfo.outputPath("dashboard-invoices.png");
  await page.screenshot({ path: shot, fullPage: true });
  await page.setViewportSize(MOBILE);
  await expectNoOverflow(page);
  await page.screenshot({ path: testInfo.outputPath("dashboard-invoices-phone.png"), fullPage: true });
});
