import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as postContact } from "@/app/api/api/customer/[id]/contact/route";
import { POST as postSite } from "@/app/api/api/customer/[id]/site/route";
import { POST as postCustomer } from "@/app/api/api/customer/route";
import { PATCH as patchSettings } from "@/app/api/api/organization/[id]/automatic_messages/route";
import { PATCH as patchOrganization } from "@/app/api/api/organization/[id]/route";
import { PATCH as patchVisit } from "@/app/api/api/visit/[id]/route";
import { POST as postVisit } from "@/app/api/api/visit/route";
import { getDb } from "@/db/client";
import { organization } from "@/db/schema/organization";
import { call } from "@/test/api";
import { addMember, signUpOrganization } from "@/test/fixtures";
import { makeProject, makeType } from "@/test/projects";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { renderAutomaticMessage } from "./render";

const mailbox = useSmtpCatcher();

type Body = Record<string, unknown>;

/**
 * An organization in English (UK) with a customer whose flat in Leeds names Mia as the
 * contact, a project there, and a visit on the day the clocks go forward, 09:00 at the
 * site with a two-hour window, for the owner and a second technician.
 */
async function leedsVisit(customer: Body = {}, visit: Body = {}) {
  const org = await signUpOrganization(mailbox);
  const { cookie, organizationId } = org;
  const params = { id: organizationId };
  await call(patchOrganization, "PATCH", `/organization/${organizationId}`, { cookie, params, body: { language: "en-GB", business: { phone: "0113 496 0000" } } });
  const made = await call(postCustomer, "POST", "/customer", { cookie, body: { name: "Miller Lettings Ltd", type: "organization", ...customer } });
  const id = made.body.id as string;
  const mia = await call(postContact, "POST", `/customer/${id}/contact`, { cookie, params: { id }, body: { name: "Mia Miller", email: "mia@example.test" } });
  const flat = await call(postSite, "POST", `/customer/${id}/site`, {
    cookie,
    params: { id },
    body: { line1: "12 Park Row", line2: "Flat 2B", zip: "LS1 5HD", city: "Leeds", country: "GB", contact: mia.body.id },
  });
  expect(flat.body.time_zone).toBe("Europe/London");
  const type = await makeType(cookie, { statuses: [{ id: 1, title: "New" }] });
  const project = await makeProject(cookie, { type: type.id, customer: id, site: flat.body.id });
  const tech = await addMember(organizationId);
  const created = await call(postVisit, "POST", "/visit", {
    cookie,
    body: { project: project.id, start: "2031-03-30T09:00", end: "2031-03-30T11:00", arrival_window: 120, members: [org.view.member.id, tech.member.id], ...visit },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { ...org, visitId: created.body.id as string, techId: tech.member.id };
}

describe("renderAutomaticMessage", () => {
  it("words a visit at its site's wall clock across the clock change, in the organization's language", async () => {
    const world = await leedsVisit();
    const scope = { organizationId: world.organizationId };
    const email = await renderAutomaticMessage(await getDb(), scope, "booked", world.visitId, "email");
    expect(email).toMatchObject({ channel: "email", language: "en-GB", subject: "Your visit on Sunday, 30 March 2031 is booked" });
    expect(email?.text).toBe(
      [
        "Hello Mia Miller,",
        "",
        "Your visit is booked for Sunday, 30 March 2031, between 09:00 and 11:00.",
        "",
        "Address: 12 Park Row, Flat 2B, LS1 5HD Leeds",
        "Your technician: Olga and Sam",
        "",
        "If this time does not suit you, please call us on 0113 496 0000 or reply to this email.",
        "",
        "Kind regards,",
        "Acme Plumbing",
      ].join("\n"),
    );
    expect(email?.html).toContain("<p style=\"margin:0 0 1em\">Hello Mia Miller,</p>");
    const sms = await renderAutomaticMessage(await getDb(), scope, "reminder", world.visitId, "sms");
    expect(sms).toEqual({
      channel: "sms",
      language: "en-GB",
      text: "Acme Plumbing: a reminder of your visit on Sunday, 30 March 2031, between 09:00 and 11:00. Need to change it? Call 0113 496 0000.",
    });
  });

  it("writes the defaults in the customer's own language, and the organization's own texts in the organization's", async () => {
    const world = await leedsVisit({ language: "de-DE" });
    const scope = { organizationId: world.organizationId };
    const db = await getDb();
    expect(await renderAutomaticMessage(db, scope, "cancelled", world.visitId, "email")).toMatchObject({
      language: "de-DE",
      subject: "Ihr Termin am Sonntag, 30. März 2031 wurde abgesagt",
    });
    const sms = await renderAutomaticMessage(db, scope, "booked", world.visitId, "sms");
    expect(sms?.text).toBe("Acme Plumbing: Ihr Termin (12 Park Row, Flat 2B, LS1 5HD Leeds) ist gebucht: Sonntag, 30. März 2031, zwischen 09:00 und 11:00 Uhr. Fragen? Rufen Sie uns an: 0113 496 0000");
    const params = { id: world.organizationId };
    await call(patchSettings, "PATCH", `/organization/${world.organizationId}/automatic_messages`, {
      cookie: world.cookie,
      params,
      body: { triggers: { booked: { sms: "See you {{visit.date}}{{#visit.arrival_window}} ({{visit.arrival_window}}){{/visit.arrival_window}}, {{customer.name}}" } } },
    });
    expect(await renderAutomaticMessage(db, scope, "booked", world.visitId, "sms")).toEqual({
      channel: "sms",
      language: "en-GB",
      text: "See you Sunday, 30 March 2031 (09:00-11:00), Miller Lettings Ltd",
    });
  });

  it("names the technician on the way and the minutes they gave; without minutes the sentence still reads", async () => {
    const world = await leedsVisit();
    const scope = { organizationId: world.organizationId };
    const db = await getDb();
    const onTheWay = await renderAutomaticMessage(db, scope, "on_my_way", world.visitId, "sms", { memberId: world.techId, etaMinutes: 25 });
    expect(onTheWay?.text).toBe("Acme Plumbing: Sam is on the way and should arrive in about 25 minutes.");
    const noEta = await renderAutomaticMessage(db, scope, "on_my_way", world.visitId, "email", { memberId: world.techId });
    expect(noEta?.subject).toBe("Sam from Acme Plumbing is on the way");
    expect(noEta?.text).toContain("Sam from Acme Plumbing is on the way to you.");
  });

  it("words a visit on a day with no set time, and leaves out what a visit does not have", async () => {
    const world = await leedsVisit({}, { start: undefined, end: undefined, day: "2031-10-26", arrival_window: null, members: [] });
    const sms = await renderAutomaticMessage(await getDb(), { organizationId: world.organizationId }, "rescheduled", world.visitId, "sms");
    expect(sms?.text).toBe("Acme Plumbing: your visit has changed. It is now Sunday, 26 October 2031 (any time during the day). Questions? Call 0113 496 0000.");
  });

  it("gives nothing when the organization, the trigger or the visit is switched off, or the channel's text is empty", async () => {
    const world = await leedsVisit();
    const scope = { organizationId: world.organizationId };
    const db = await getDb();
    const settings = (body: Body) =>
      call(patchSettings, "PATCH", `/organization/${world.organizationId}/automatic_messages`, { cookie: world.cookie, params: { id: world.organizationId }, body });
    await settings({ triggers: { completed: { enabled: false }, booked: { sms: "" } } });
    expect(await renderAutomaticMessage(db, scope, "completed", world.visitId, "email")).toBeNull();
    expect(await renderAutomaticMessage(db, scope, "booked", world.visitId, "sms")).toBeNull();
    expect(await renderAutomaticMessage(db, scope, "booked", world.visitId, "email")).not.toBeNull();
    const off = await call(patchVisit, "PATCH", `/visit/${world.visitId}`, { cookie: world.cookie, params: { id: world.visitId }, body: { automatic_messages: false } });
    expect(off.body.automatic_messages).toBe(false);
    expect(await renderAutomaticMessage(db, scope, "booked", world.visitId, "email")).toBeNull();
    await call(patchVisit, "PATCH", `/visit/${world.visitId}`, { cookie: world.cookie, params: { id: world.visitId }, body: { automatic_messages: true } });
    await settings({ enabled: false });
    expect(await renderAutomaticMessage(db, scope, "booked", world.visitId, "email")).toBeNull();
    // An organization made before automatic messages existed has never switched them on.
    await settings({ enabled: true });
    await db.update(organization).set({ automaticMessages: {} }).where(eq(organization.id, world.organizationId));
    expect(await renderAutomaticMessage(db, scope, "booked", world.visitId, "email")).toBeNull();
  });

  it("finds only the organization's own visits", async () => {
    const world = await leedsVisit();
    const other = await signUpOrganization(mailbox);
    await expect(renderAutomaticMessage(await getDb(), { organizationId: other.organizationId }, "booked", world.visitId, "email")).rejects.toMatchObject({ status: 404 });
  });
});
