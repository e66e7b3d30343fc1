import { expect, test } from "@playwright/test";
import { DESKTOP, expectNoOverflow, logIn, MOBILE, rawEmail, signInByApi, signUpByApi } from "./support";

test("on a phone the customer list shows each customer's number to call and city below the name", async ({ page, request, baseURL }) => {
  const { email } = await signUpByApi(request, baseURL!);
  const headers = await signInByApi(request, baseURL!, email);
  const session = await (await request.get("/api/api/session")).json();
  const country = await request.patch(`/api/api/organization/${session.organization.id}`, { headers, data: { country: "GB" } });
  expect(country.ok(), await country.text()).toBe(true);
  for (const data of [
    { name: "Ida Example", phone: "0113 496 0000", city: "Leeds" },
    { name: "Ivo Example", phone: "+49 30 123456", city: "Berlin" },
    { name: "Noah Nobody" },
  ]) {
    const res = await request.post("/api/api/customer", { headers, data });
    expect(res.status(), await res.text()).toBe(201);
  }

  await page.setViewportSize(MOBILE);
  await page.goto("/customer");
  await logIn(page, email);
  const row = (name: string) => page.getByRole("row").filter({ hasText: name });
  await expect(row("Ida Example").getByRole("link", { name: "Ida Example" })).toBeVisible();
  const ida = row("Ida Example").getByRole("link", { name: "0113 496 0000" });
  await expect(ida).toBeVisible();
  await expect(ida).toHaveAttribute("href", "tel:+441134960000");
  // A copy a layout hides is no part of what is on screen.
  const shown = (name: string, text: string) => row(name).getByText(text, { exact: true }).filter({ visible: true });
  await expect(shown("Ida Example", "Leeds")).toBeVisible();
  const ivo = row("Ivo Example").getByRole("link", { name: "+49 30 123456" });
  await expect(ivo).toBeVisible();
  await expect(ivo).toHaveAttribute("href", "tel:+4930123456");
  await expect(shown("Ivo Example", "Berlin")).toBeVisible();
  await expect(row("Noah Nobody").getByRole("link")).toHaveText(["Noah Nobody"]);
  // Nothing of the row is cut off or pushes the page sideways.
  await expectNoOverflow(page);
  await page.screenshot({ path: test.info().outputPath("customer-list-phone.png"), fullPage: true });

  // A tap on the number calls; a tap elsewhere on the row still opens the customer.
  await shown("Ida Example", "Leeds").click();
  await expect(page).toHaveURL(/\/customer\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("textbox", { name: "Full name" })).toHaveValue("Ida Example");

  // On a desktop they are columns of their own, each shown once.
  await page.setViewportSize(DESKTOP);
  await page.goto("/customer");
  await expect(page.getByRole("columnheader", { name: "Phone" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "City" })).toBeVisible();
  await expect(row("Ida Example").getByRole("link", { name: "0113 496 0000" })).toHaveCount(1);
  await expect(row("Ida Example").getByRole("link", { name: "0113 496 0000" })).toBeVisible();
  await expect(shown("Ida Example", "Leeds")).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath("customer-list-desktop.png"), fullPage: true });
});

test("on a phone a conversation keeps its title below the top bar while its thread scrolls, and Show remote images whole", async ({ page, request, baseURL }) => {
  const { email } = await signUpByApi(request, baseURL!);
  const headers = await signInByApi(request, baseURL!, email);
  const session = await (await request.get("/api/api/session")).json();
  const organization = await (await request.get(`/api/api/organization/${session.organization.id}`)).json();
  // A long email with a remote image, and replies below it: the thread opens scrolled to the newest.
  const lines = Array.from({ length: 30 }, (_, index) => `<p>Point ${index + 1} about the tap, the sink and the pipes under them.</p>`).join("");
  const posted = await request.post(new URL(organization.inbound_email_url).pathname, {
    headers: { "content-type": "message/rfc822" },
    data: rawEmail({
      from: "Mia Miller <mia@example.test>",
      to: "shop@example.test",
      subject: "The leaking kitchen tap in the back of the house",
      text: "The tap leaks.",
      html: `${lines}<p><img src="https://images.example.test/tap.png" alt="The tap"></p>`,
    }),
  });
  expect(posted.status(), await posted.text()).toBe(202);
  const conversation = (await (await request.get("/api/api/conversation")).json()).items[0];
  for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]) {
    const note = await request.post("/api/api/message", {
      headers,
      data: { conversation: conversation.id, type: { id: "note", content: `${day}: called Mia about the tap, no answer yet.` } },
    });
    expect(note.ok(), await note.text()).toBe(true);
  }

  await page.setViewportSize(MOBILE);
  await page.goto(`/conversation/${conversation.id}`);
  await logIn(page, email);
  const heading = page.getByRole("heading", { name: `${conversation.reference} · The leaking kitchen tap` });
  await expect(page.getByTestId("message").last()).toContainText("Saturday: called Mia");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByTestId("message").last().scrollIntoViewIfNeeded();
  // The title is on screen, below the top bar and not under it.
  const topBar = await page.getByRole("banner").boundingBox();
  const box = (await heading.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(topBar!.y + topBar!.height - 1);
  expect(box.y + box.height).toBeLessThanOrEqual(MOBILE.height);
  const onTop = await heading.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return element.contains(document.elementFromPoint(rect.left + 10, rect.top + rect.height / 2));
  });
  expect(onTop).toBe(true);
  await page.screenshot({ path: test.info().outputPath("conversation-phone-scrolled.png") });

  // The remote images button is whole, inside its message.
  const show = page.getByRole("button", { name: "Show remote images" });
  await show.scrollIntoViewIfNeeded();
  const bubble = page.getByTestId("message").filter({ has: show });
  const [button, message] = [(await show.boundingBox())!, (await bubble.boundingBox())!];
  expect(button.x + button.width).toBeLessThanOrEqual(message.x + message.width);
  expect(await show.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  expect(await show.locator(".mantine-Button-label").evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await page.screenshot({ path: test.info().outputPath("conversation-phone-remote-images.png") });
  await show.click();
  await expect(page.frameLocator('iframe[title="The leaking kitchen tap in the back of the house"]').locator("img")).toHaveAttribute("src", "https://images.example.test/tap.png");
});
