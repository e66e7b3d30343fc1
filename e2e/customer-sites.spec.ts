import { expect, test } from "@playwright/test";
import { closeToasts, expectToast, logIn, ownerApi, shoot, signInByApi, signUpByApi, uniqueEmail } from "./support";

test("on a customer's record: the address is the first site; a site and a contact are added and edited in place; a project is at a chosen site", async ({
  page,
  request,
  baseURL,
}) => {
  const { email } = await signUpByApi(request, baseURL!);
  const headers = await signInByApi(request, baseURL!, email);
  const api = ownerApi(request, headers);
  const session = await (await request.get("/api/api/session", { headers })).json();
  await api.patch(`/organization/${session.organization.id}`, { country: "GB" });
  const customer = await api.post<{ id: string }>("/customer", {
    name: "Oak Housing",
    type: "organization",
    email: uniqueEmail("oak"),
    line1: "12 Park Row",
    zip: "LS1 5HD",
    city: "Leeds",
    country: "United Kingdom",
  });
  const type = await api.post<{ id: string }>("/project_type", { name: "Repairs", icon: "wrench" });
  const sites = page.getByRole("region", { name: "Sites" });
  const contacts = page.getByRole("region", { name: "Contacts" });
  const tinaEmail = uniqueEmail("tina");

  await test.step("the customer's address is its first site, with its time zone and a link to the map", async () => {
    await page.goto(`/customer/${customer.id}`);
    await logIn(page, email);
    await expect(sites.getByTestId("customer-site")).toHaveCount(1);
    const first = sites.getByTestId("customer-site").first();
    await expect(first).toContainText("12 Park Row");
    await expect(first).toContainText("LS1 5HD Leeds");
    await expect(first).toContainText("United Kingdom");
    await expect(first).toContainText("Time zone: Europe/London");
    await expect(first.getByRole("link", { name: "Open 12 Park Row in maps" })).toHaveAttribute(
      "href",
      "https://www.openstreetmap.org/search?query=12%20Park%20Row%2C%20LS1%205HD%20Leeds%2C%20United%20Kingdom",
    );
    // The customer's own email is the primary contact.
    await expect(contacts.getByTestId("customer-primary-contact")).toContainText("Primary");
  });

  await test.step("Add site: a rental flat with its access notes, in place", async () => {
    await sites.getByRole("button", { name: "Add site" }).click();
    const dialog = page.getByRole("dialog", { name: "New site" });
    await dialog.getByRole("textbox", { name: "Name" }).fill("Rental flat 2B");
    await dialog.getByRole("textbox", { name: "Address line 1" }).fill("5 Canal Street");
    await dialog.getByRole("textbox", { name: "City" }).fill("Leeds");
    const country = dialog.getByRole("combobox", { name: "Country" });
    await country.fill("United King");
    await page.getByRole("option", { name: "United Kingdom" }).click();
    await dialog.getByRole("textbox", { name: "Access notes" }).fill("Gate code 4711, key with the caretaker");
    await shoot(page, "new-site-dialog");
    await dialog.getByRole("button", { name: "Create" }).click();
    await expectToast(page, "Site Rental flat 2B has been created");
    await expect(dialog).toBeHidden();
    await expect(sites.getByTestId("customer-site")).toHaveCount(2);
    const flat = sites.getByTestId("customer-site").nth(1);
    await expect(flat).toContainText("Rental flat 2B");
    await expect(flat).toContainText("5 Canal Street");
    await expect(flat).toContainText("Gate code 4711, key with the caretaker");
    // No time zone chosen: the country's.
    await expect(flat).toContainText("Time zone: Europe/London");
  });

  await test.step("Add contact: the tenant, with a phone read for the organization's country", async () => {
    await contacts.getByRole("button", { name: "Add contact" }).click();
    const dialog = page.getByRole("dialog", { name: "New contact" });
    await dialog.getByRole("textbox", { name: "Name" }).fill("Tina Tenant");
    await dialog.getByRole("textbox", { name: "Role" }).fill("Tenant");
    await dialog.getByRole("textbox", { name: "Email" }).fill(tinaEmail);
    await dialog.getByRole("textbox", { name: "Phone" }).fill("0791 1234567");
    await dialog.getByRole("combobox", { name: "Preferred channel" }).click();
    await page.getByRole("option", { name: "Text message" }).click();
    await dialog.getByRole("switch", { name: "Receives quotes" }).check();
    await shoot(page, "new-contact-dialog");
    await dialog.getByRole("button", { name: "Create" }).click();
    await expectToast(page, "Contact Tina Tenant has been created");
    const tina = contacts.getByTestId("customer-contact");
    await expect(tina).toHaveCount(1);
    await expect(tina).toContainText("Tina Tenant");
    await expect(tina).toContainText("Tenant");
    await expect(tina.getByRole("link", { name: tinaEmail })).toHaveAttribute("href", `mailto:${tinaEmail}`);
    await expect(tina.getByRole("link", { name: "07911 234567" })).toHaveAttribute("href", "tel:+447911234567");
    await expect(tina).toContainText("Prefers text messages");
    await expect(tina).toContainText("Receives quotes");
  });

  await test.step("edit in place: the flat names Tina as the one to ask for; her role changes", async () => {
    await sites.getByRole("button", { name: "Edit Rental flat 2B" }).click();
    const siteDialog = page.getByRole("dialog", { name: "Edit site Rental flat 2B" });
    await expect(siteDialog.getByRole("textbox", { name: "Access notes" })).toHaveValue("Gate code 4711, key with the caretaker");
    await siteDialog.getByRole("combobox", { name: "Contact at the site" }).click();
    await page.getByRole("option", { name: "Tina Tenant (Tenant)" }).click();
    await siteDialog.getByRole("button", { name: "Save" }).click();
    await expectToast(page, 'Site "Rental flat 2B" has been updated');
    await expect(sites.getByTestId("customer-site").nth(1)).toContainText("Ask for Tina Tenant");

    await contacts.getByRole("button", { name: "Edit Tina Tenant" }).click();
    const contactDialog = page.getByRole("dialog", { name: "Edit contact Tina Tenant" });
    await expect(contactDialog.getByRole("textbox", { name: "Phone" })).toHaveValue("07911 234567");
    await contactDialog.getByRole("textbox", { name: "Role" }).fill("Tenant of flat 2B");
    await contactDialog.getByRole("button", { name: "Save" }).click();
    await expectToast(page, 'Contact "Tina Tenant" has been updated');
    await expect(contacts.getByTestId("customer-contact")).toContainText("Tenant of flat 2B");
    // The customer's activity tells of what was added and changed.
    const timeline = page.getByTestId("activity-item");
    await expect(timeline.filter({ hasText: "Site Rental flat 2B changed by Olga Owner" })).toContainText("Contact at the site: none → Tina Tenant");
    await expect(timeline.filter({ hasText: "Contact Tina Tenant added by Olga Owner" })).toHaveCount(1);
    await closeToasts(page);
    await shoot(page, "customer-sites-contacts");
  });

  await test.step("what the screens wrote is what the API holds", async () => {
    const listed = await (await request.get(`/api/api/customer/${customer.id}/site`, { headers })).json();
    const people = await (await request.get(`/api/api/customer/${customer.id}/contact`, { headers })).json();
    expect(people.items).toEqual([
      expect.objectContaining({ name: "Tina Tenant", role: "Tenant of flat 2B", phone: "+447911234567", preferred_channel: "sms", receives_quotes: true, receives_invoices: false }),
    ]);
    expect(listed.items.map((site: { label: string | null; country: string; contact: string | null }) => [site.label, site.country, site.contact])).toEqual([
      [null, "GB", null],
      ["Rental flat 2B", "GB", people.items[0].id],
    ]);
  });

  await test.step("a new project for the customer is at its first site unless another is chosen; New site adds one from the form", async () => {
    await page.goto(`/project/new?customer=${customer.id}`);
    await page.getByRole("textbox", { name: "Title" }).fill("Dripping tap");
    await page.getByRole("button", { name: "Choose type" }).click();
    await page.getByRole("dialog", { name: "Choose type" }).getByRole("button", { name: "Repairs" }).click();
    const site = page.getByRole("combobox", { name: "Site", exact: true });
    await expect(site).toHaveValue("12 Park Row — LS1 5HD Leeds, United Kingdom");
    await site.click();
    await page.getByRole("option", { name: /^Rental flat 2B/ }).click();
    await expect(site).toHaveValue("Rental flat 2B — 5 Canal Street, Leeds");

    await page.getByRole("button", { name: "New site" }).click();
    const dialog = page.getByRole("dialog", { name: "New site" });
    await dialog.getByRole("textbox", { name: "Name" }).fill("Garage");
    await dialog.getByRole("textbox", { name: "Address line 1" }).fill("3 Mill Lane");
    await dialog.getByRole("button", { name: "Create" }).click();
    await expectToast(page, "Site Garage has been created");
    await expect(site).toHaveValue("Garage — 3 Mill Lane");
    await site.click();
    await page.getByRole("option", { name: /^Rental flat 2B/ }).click();
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Project Dripping tap has been created");
    await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/);
    // Creating the site inside the project form wrote the site only: the project was created once, at the flat.
    const made = await (await request.get(`/api/api/project/${page.url().split("/").pop()}`, { headers })).json();
    const flat = (await (await request.get(`/api/api/customer/${customer.id}/site`, { headers, params: { search: "Rental" } })).json()).items[0];
    expect(made.site).toBe(flat.id);
    const history = await (await request.get(`/api/api/history?type=project&id=${made.id}`, { headers })).json();
    expect(history.items.map((entry: { action: string }) => entry.action)).toEqual(["created"]);
    const projects = await (await request.get("/api/api/project", { headers, params: { customer: customer.id } })).json();
    expect(projects.items).toHaveLength(1);
    await page.reload();
    await expect(page.getByRole("combobox", { name: "Site", exact: true })).toHaveValue("Rental flat 2B — 5 Canal Street, Leeds");
    // The customer's card beside the project says where the work is, how to get in and whom to ask for.
    const card = page.getByRole("region", { name: "Customer" });
    await expect(card.getByTestId("customer-site")).toContainText("Rental flat 2B");
    await expect(card.getByTestId("customer-site")).toContainText("Gate code 4711, key with the caretaker");
    await expect(card.getByTestId("customer-site")).toContainText("Ask for Tina Tenant");
    await expect(card.getByRole("link", { name: "Open Rental flat 2B in maps" })).toHaveAttribute("href", /openstreetmap\.org\/search\?query=5%20Canal%20Street/);
    await closeToasts(page);
    await shoot(page, "project-at-site");
  });
});
