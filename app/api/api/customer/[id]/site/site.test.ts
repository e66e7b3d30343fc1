import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { location, organization } from "@/db/schema/organization";
import { PATCH as patchCustomer } from "@/app/api/api/customer/[id]/route";
import { POST as postCustomer } from "@/app/api/api/customer/route";
import { PATCH as patchProject } from "@/app/api/api/project/[id]/route";
import { POST as postProject } from "@/app/api/api/project/route";
import { GET as siteHistoryRoute } from "./[siteId]/history/route";
import { GET as getSiteRoute, PATCH as patchSiteRoute } from "./[siteId]/route";
import { GET as listSitesRoute, POST as postSiteRoute } from "./route";
import { call } from "@/test/api";
import { addMember, logInAs, setOrganizationCountry, signUpOrganization } from "@/test/fixtures";
import { makeType } from "@/test/projects";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

const newCustomer = async (cookie: string, body: Record<string, unknown> = {}) => {
  const res = await call(postCustomer, "POST", "/customer", { cookie, body: { name: "Mia Miller", ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
};
const sites = (cookie: string, id: string, query: Record<string, string | string[]> = {}) =>
  call(listSitesRoute, "GET", `/customer/${id}/site`, { cookie, params: { id }, query });
const addSite = (cookie: string, id: string, body: Record<string, unknown>) =>
  call(postSiteRoute, "POST", `/customer/${id}/site`, { cookie, params: { id }, body });
const getSite = (cookie: string, id: string, siteId: string) =>
  call(getSiteRoute, "GET", `/customer/${id}/site/${siteId}`, { cookie, params: { id, siteId } });
const patchSite = (cookie: string, id: string, siteId: string, body: Record<string, unknown>) =>
  call(patchSiteRoute, "PATCH", `/customer/${id}/site/${siteId}`, { cookie, params: { id, siteId }, body });
const siteHistory = (cookie: string, id: string, siteId: string) =>
  call(siteHistoryRoute, "GET", `/customer/${id}/site/${siteId}/history`, { cookie, params: { id, siteId } });

describe("customer sites", () => {
  it("makes a new customer's address its first site, with the country read as a code and its time zone", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const id = await newCustomer(cookie, { line1: "12 Park Row", zip: "LS1 5HD", city: "Leeds", country: "United Kingdom" });
    const res = await sites(cookie, id);
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      expect.objectContaining({
        customer: id,
        label: null,
        line1: "12 Park Row",
        zip: "LS1 5HD",
        city: "Leeds",
        country: "GB",
        time_zone: "Europe/London",
        status: "active",
      }),
    ]);
    const history = await siteHistory(cookie, id, res.body.items[0].id);
    expect(history.body.items).toHaveLength(1);
    expect(history.body.items[0]).toMatchObject({ action: "created", changes: { line1: [null, "12 Park Row"], country: [null, "GB"] } });
    // No address, no site.
    const plain = await newCustomer(cookie, { name: "No address" });
    expect((await sites(cookie, plain)).body.items).toEqual([]);
  });

  it("adds, reads, changes and removes sites, with history; the first made first", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const id = await newCustomer(cookie, { line1: "1 Home Street", city: "Berlin", country: "DE" });
    const flat = await addSite(cookie, id, {
      label: "Rental flat 2B",
      line1: "5 Canal Street",
      city: "Paris",
      country: "FR",
      access_notes: "Key with the caretaker, gate 4711",
    });
    expect(flat.status, JSON.stringify(flat.body)).toBe(201);
    expect(flat.body).toMatchObject({ label: "Rental flat 2B", country: "FR", time_zone: "Europe/Paris", access_notes: "Key with the caretaker, gate 4711" });
    expect((await getSite(cookie, id, flat.body.id)).body).toEqual(flat.body);
    const listed = await sites(cookie, id);
    expect(listed.body.items.map((site: { city: string }) => site.city)).toEqual(["Berlin", "Paris"]);
    expect((await sites(cookie, id, { search: "canal" })).body.items.map((site: { id: string }) => site.id)).toEqual([flat.body.id]);

    const changed = await patchSite(cookie, id, flat.body.id, { label: "Flat 2B", time_zone: "Europe/Brussels", city: "Paris" });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ label: "Flat 2B", time_zone: "Europe/Brussels" });
    const removed = await patchSite(cookie, id, flat.body.id, { status: "removed" });
    expect(removed.body.status).toBe("removed");
    expect((await sites(cookie, id)).body.items).toHaveLength(1);
    expect((await sites(cookie, id, { status: ["active", "removed"] })).body.items).toHaveLength(2);
    const history = await siteHistory(cookie, id, flat.body.id);
    expect(history.body.items.map((entry: { action: string; changes: object }) => [entry.action, entry.changes])).toEqual([
      ["updated", { status: ["active", "removed"] }],
      ["updated", { label: ["Rental flat 2B", "Flat 2B"], time_zone: ["Europe/Paris", "Europe/Brussels"] }],
      ["created", expect.objectContaining({ label: [null, "Rental flat 2B"], time_zone: [null, "Europe/Paris"] })],
    ]);
  });

  it("refuses bad input with the field named", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const id = await newCustomer(cookie);
    const res = await addSite(cookie, id, { line1: "x", time_zone: "Mars/Olympus", country: "Narnia", colour: "red" });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((error: { path: string }) => error.path).sort()).toEqual(["", "country", "time_zone"]);
    expect(res.body.errors.find((error: { path: string }) => error.path === "time_zone").message).toBe("Choose a time zone from the list, like Europe/Berlin");
    const site = await addSite(cookie, id, { label: "Shop" });
    const bad = await patchSite(cookie, id, site.body.id, { time_zone: "Europe/Nowhere" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ path: "time_zone", message: "Choose a time zone from the list, like Europe/Berlin" }]);
  });

  it("defaults the time zone from the location's business details, then the organization's, then its country, else UTC", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const id = await newCustomer(cookie);
    // A country with several zones says nothing; nothing else known: UTC.
    expect((await addSite(cookie, id, { label: "Ranch", country: "US" })).body.time_zone).toBe("UTC");
    await setOrganizationCountry(organizationId, "DE");
    expect((await addSite(cookie, id, { label: "Ranch 2", country: "US" })).body.time_zone).toBe("Europe/Berlin");
    const db = await getDb();
    await db.update(organization).set({ business: { time_zone: "America/Chicago" } }).where(eq(organization.id, organizationId));
    expect((await addSite(cookie, id, { label: "Ranch 3" })).body.time_zone).toBe("America/Chicago");
    const [denver] = await db.insert(location).values({ organizationId, name: "Denver", business: { time_zone: "America/Denver" } }).returning();
    const atDenver = await call(postCustomer, "POST", "/customer", { cookie, body: { name: "Denver customer", location: denver.id } });
    expect((await addSite(cookie, atDenver.body.id, { label: "Cabin" })).body.time_zone).toBe("America/Denver");
    // The site's own country, where it has one zone, comes first.
    expect((await addSite(cookie, atDenver.body.id, { label: "Holiday flat", country: "ES" })).body.time_zone).toBe("America/Denver");
    expect((await addSite(cookie, atDenver.body.id, { label: "Holiday flat", country: "IT" })).body.time_zone).toBe("Europe/Rome");
  });

  it("keeps the sites in step with the customer's address while they read as it", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const id = await newCustomer(cookie, { line1: "12 Park Rwo", city: "Leeds" });
    const [first] = (await sites(cookie, id)).body.items;
    const other = (await addSite(cookie, id, { label: "Garage", line1: "3 Mill Lane", city: "Leeds" })).body;
    const fixed = await call(patchCustomer, "PATCH", `/customer/${id}`, { cookie, params: { id }, body: { line1: "12 Park Row" } });
    expect(fixed.status).toBe(200);
    expect((await getSite(cookie, id, first.id)).body.line1).toBe("12 Park Row");
    expect((await getSite(cookie, id, other.id)).body.line1).toBe("3 Mill Lane");
    expect((await siteHistory(cookie, id, first.id)).body.items[0].changes).toEqual({ line1: ["12 Park Rwo", "12 Park Row"] });
    // A site changed on its own goes its own way.
    await patchSite(cookie, id, first.id, { label: "Home", line2: "Flat 1" });
    await call(patchCustomer, "PATCH", `/customer/${id}`, { cookie, params: { id }, body: { city: "York" } });
    expect((await getSite(cookie, id, first.id)).body.city).toBe("Leeds");

    // A customer that gets an address and has no site gets its first.
    const later = await newCustomer(cookie, { name: "Later address" });
    await call(patchCustomer, "PATCH", `/customer/${later}`, { cookie, params: { id: later }, body: { city: "Hull", country: "gb" } });
    expect((await sites(cookie, later)).body.items).toEqual([expect.objectContaining({ city: "Hull", country: "GB", time_zone: "Europe/London" })]);
  });

  it("keeps the last site of a customer with an address, and sites open projects are at", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const id = await newCustomer(cookie, { city: "Leeds" });
    const [home] = (await sites(cookie, id)).body.items;
    const last = await patchSite(cookie, id, home.id, { status: "removed" });
    expect(last.status).toBe(409);
    expect(last.body.details).toBe("A customer with an address keeps at least one site: add another before removing this one");

    const type = await makeType(cookie, { statuses: [{ id: 1, title: "Open" }, { id: 2, title: "Done" }] });
    const shop = (await addSite(cookie, id, { label: "Shop" })).body;
    const project = await call(postProject, "POST", "/project", { cookie, body: { title: "Boiler", type: type.id, customer: id, site: shop.id } });
    expect(project.body.site).toBe(shop.id);
    const used = await patchSite(cookie, id, shop.id, { status: "removed" });
    expect(used.status).toBe(409);
    expect(used.body.details).toBe("An open project is at this site: move it to another site or finish it first");
    // Finished, it no longer holds the site; the project keeps pointing at it.
    await call(patchProject, "PATCH", `/project/${project.body.id}`, { cookie, params: { id: project.body.id }, body: { status: 2 } });
    expect((await patchSite(cookie, id, shop.id, { status: "removed" })).status).toBe(200);
    // Now home is the last active one again.
    expect((await patchSite(cookie, id, home.id, { status: "removed" })).status).toBe(409);
  });

  it("gives a project its customer's first site, and only accepts active sites of that customer", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const type = await makeType(cookie);
    const mia = await newCustomer(cookie, { line1: "1 Main St", city: "Leeds" });
    const [home] = (await sites(cookie, mia)).body.items;
    const flat = (await addSite(cookie, mia, { label: "Flat" })).body;
    const tom = await newCustomer(cookie, { name: "Tom", city: "York" });
    const [tomsHome] = (await sites(cookie, tom)).body.items;
    const post = (body: Record<string, unknown>) =>
      call(postProject, "POST", "/project", { cookie, body: { title: "Job", type: type.id, fields: [{ id: 1, value: "AB1234" }], ...body } });

    expect((await post({ customer: mia })).body.site).toBe(home.id);
    expect((await post({ customer: mia, site: flat.id })).body.site).toBe(flat.id);
    expect((await post({ customer: mia, site: null })).body.site).toBe(null);
    expect((await post({})).body.site).toBe(null);
    const foreign = await post({ customer: mia, site: tomsHome.id });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual([{ path: "site", message: "Choose a site of the project's customer" }]);
    const alone = await post({ site: flat.id });
    expect(alone.body.errors).toEqual([{ path: "site", message: "Choose a customer before choosing a site" }]);

    const job = (await post({ customer: mia, site: flat.id })).body;
    const patch = (body: Record<string, unknown>) => call(patchProject, "PATCH", `/project/${job.id}`, { cookie, params: { id: job.id }, body });
    // Another customer brings its first site; naming one of the old customer's is refused.
    expect((await patch({ customer: tom, site: home.id })).body.errors).toEqual([{ path: "site", message: "Choose a site of the project's customer" }]);
    expect((await patch({ customer: tom })).body.site).toBe(tomsHome.id);
    expect((await patch({ customer: null })).body.site).toBe(null);
    expect((await patch({ customer: mia, site: flat.id })).body.site).toBe(flat.id);
    // A removed site cannot be chosen, but a project already there keeps it.
    const other = (await addSite(cookie, mia, { label: "Old barn" })).body;
    await patchSite(cookie, mia, other.id, { status: "removed" });
    expect((await patch({ site: other.id })).body.errors).toEqual([{ path: "site", message: "This site has been removed" }]);
    expect((await patch({ title: "Job 2", site: flat.id })).status).toBe(200);
  });

  it("shows sites as the customer is seen, and changes them only with edit access and customers_manage", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const id = await newCustomer(cookie, { city: "Leeds" });
    const [home] = (await sites(cookie, id)).body.items;
    const other = await signUpOrganization(mailbox, "Other shop");
    expect((await sites(other.cookie, id)).body).toMatchObject({ status: 404, resource: "Customer" });
    expect((await getSite(other.cookie, id, home.id)).status).toBe(404);
    // A site named under another customer of the same organization is not found.
    const tom = await newCustomer(cookie, { name: "Tom" });
    expect((await getSite(cookie, tom, home.id)).body).toMatchObject({ status: 404, resource: "Site" });
    expect((await patchSite(cookie, tom, home.id, { label: "Moved" })).status).toBe(404);
    // Another organization's project cannot be at it, even with a customer of its own.
    const theirType = await makeType(other.cookie, { statuses: [{ id: 1, title: "Open" }] });
    const theirCustomer = await newCustomer(other.cookie, { name: "Theirs" });
    const theirs = await call(postProject, "POST", "/project", { cookie: other.cookie, body: { title: "Job", type: theirType.id, customer: theirCustomer, site: home.id } });
    expect(theirs.body.errors).toEqual([{ path: "site", message: "Choose a site of the project's customer" }]);

    const staff = await addMember(organizationId);
    const staffCookie = await logInAs(staff.email);
    expect((await sites(staffCookie, id)).status).toBe(200);
    const refused = await addSite(staffCookie, id, { label: "Nope" });
    expect(refused.body).toMatchObject({ status: 403, permission: "customers_manage" });
  });
});
