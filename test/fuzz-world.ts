/**
 * An organization with one item of each kind, made through the real endpoints, and
 * the nearly valid bodies and queries the fuzz suite starts its mutations from.
 */
import { getDb } from "@/db/client";
import { notification } from "@/db/schema/activity";
import { POST as postCustomer } from "@/app/api/api/customer/route";
import { POST as uploadFile } from "@/app/api/api/file/route";
import { POST as postLocation } from "@/app/api/api/location/route";
import { POST as postMessage } from "@/app/api/api/message/route";
import { POST as postMember } from "@/app/api/api/member/route";
import { POST as postRole } from "@/app/api/api/role/route";
import { POST as postToken } from "@/app/api/api/token/route";
import { POST as postPriceItem } from "@/app/api/api/price_item/route";
import { POST as postTaxRate } from "@/app/api/api/tax_rate/route";
import { expiryInDays } from "@/lib/schemas/api-token";
import { call, uniqueEmail } from "./api";
import { PASSWORD, signUpOrganization } from "./fixtures";
import type { FormPart } from "./fuzz-inputs";
import type { SmtpCatcher } from "./smtp-catcher";
import { makeProject, makeType } from "./projects";

type Handler = Parameters<typeof call>[0];

export type Ids = {
  organization: string;
  owner: string;
  ownerRole: string;
  location: string;
  role: string;
  member: string;
  customer: string;
  projectType: string;
  project: string;
  file: string;
  notification: string;
  conversation: string;
  token: string;
  taxRate: string;
  priceItem: string;
};

export type World = { email: string; cookie: string; ids: Ids };

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1]);

/** A boiler service with a workflow that reads a field and a comment and sets status, owner and a field. */
const DEFINITION = {
  statuses: [
    { id: 1, title: "Requested" },
    { id: 2, title: "Scheduled" },
  ],
  fields: [
    { id: 1, title: "Serial number", required: true, validation: "[A-Z]{2}\\d{4}" },
    { id: 2, title: "Notes" },
  ],
  workflows: [
    {
      id: 1,
      title: "Schedule",
      requirements: [{ type: "status_eq", value: [1] }],
      inputs: [
        { type: "field", fields: [{ id: 2, required: false }] },
        { type: "comment", required: false },
      ],
      effects: [
        { type: "status_set", value: 2 },
        { type: "owner_set", value: "self" },
        { type: "field_set", fields: [{ id: 2, value: "scheduled" }] },
      ],
    },
  ],
};

async function created(handler: Handler, path: string, cookie: string, body: unknown): Promise<string> {
  const res = await call(handler, "POST", path, { cookie, body });
  if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}

export async function buildWorld(mailbox: SmtpCatcher, name = "Fuzz Works"): Promise<World> {
  const org = await signUpOrganization(mailbox, name);
  const cookie = org.cookie;
  const location = await created(postLocation, "/location", cookie, { name: "North branch" });
  const role = await created(postRole, "/role", cookie, { name: "Fitter", privileges: ["customers_manage"] });
  const member = await created(postMember, "/member", cookie, { name: "Fay Fitter", email: uniqueEmail("fitter"), role });
  const customer = await created(postCustomer, "/customer", cookie, { name: "Carla Customer", email: uniqueEmail("carla") });
  const type = await makeType(cookie, DEFINITION);
  const project = await makeProject(cookie, { type: type.id, fields: [{ id: 1, value: "AB1234" }], customer, owner: member });
  const form = new FormData();
  form.set("file", new File([PNG], "logo.png", { type: "image/png" }));
  const file = await created(uploadFile, "/file", cookie, form);
  // A note to the customer starts a conversation; notes are not delivered, so nothing changes rows after the answer.
  const started = await call(postMessage, "POST", "/message", { cookie, body: { customer, type: { id: "note", content: "First note" } } });
  if (started.status !== 201) throw new Error(`POST /message: ${started.status} ${JSON.stringify(started.body)}`);
  const token = await created(postToken, "/token", cookie, { name: "Fuzz token", expires_at: expiryInDays(30) });
  const taxRate = await created(postTaxRate, "/tax_rate", cookie, { name: "Reduced", percent: 5.5, category: "reduced" });
  const priceItem = await created(postPriceItem, "/price_item", cookie, { name: "Labour", unit: "hour", unit_price: 4500, unit_cost: 3000, tax_rate: taxRate, category: "Labour" });
  const db = await getDb();
  const [note] = await db
    .insert(notification)
    .values({ organizationId: org.organizationId, memberId: org.view.member.id, title: "Welcome" })
    .returning();
  return {
    email: org.email,
    cookie,
    ids: {
      organization: org.organizationId,
      owner: org.view.member.id,
      ownerRole: org.view.member.role,
      location,
      role,
      member,
      customer,
      projectType: type.id,
      project: project.id,
      file,
      notification: note.id,
      conversation: started.body.conversation as string,
      token,
      taxRate,
      priceItem,
    },
  };
}

const sharing = (ids: Ids) => ({ default: "view", locations: [{ id: ids.location, level: "full" }] });
const email = () => uniqueEmail("fuzz");

/**
 * Nearly valid bodies by endpoint ("METHOD /route"), built from the world's own ids.
 * An endpoint without one is fuzzed with generic bodies only.
 */
export function bodyTemplate(endpoint: string, ids: Ids): Record<string, unknown> | undefined {
  switch (endpoint) {
    case "POST /customer":
      return { type: "organization", name: "Fuzz Ltd", phone: "+44 20 7946 0000", email: email(), line1: "1 High St", line2: "", zip: "N1", city: "London", state: "", country: "UK" };
    case "PATCH /customer/[id]":
      return { type: "individual", name: "Renamed", email: email(), city: "Leeds", status: "active", sharing: sharing(ids) };
    case "POST /customer/[id]/site":
      return { label: "Flat 2B", line1: "2 Canal St", zip: "M1 3AB", city: "Manchester", country: "GB", access_notes: "Key at no. 4", time_zone: "Europe/London" };
    case "PATCH /customer/[id]/site/[siteId]":
      return { label: "Renamed site", city: "Salford", time_zone: "Europe/Paris", status: "active" };
    case "POST /customer/[id]/contact":
      return { name: "Tina Tenant", role: "Tenant", email: email(), phone: "+44 7911 123456", preferred_channel: "email", receives_quotes: true, receives_invoices: false };
    case "PATCH /customer/[id]/contact/[contactId]":
      return { name: "Renamed contact", role: "Accounts", receives_invoices: true, status: "active" };
    case "POST /location":
      return { name: "South branch" };
    case "PATCH /location/[id]":
      return { name: "Renamed branch", status: "active", sharing: sharing(ids) };
    case "POST /role":
      return { name: "Planner", privileges: ["projects_manage", "customers_manage"] };
    case "PATCH /role/[id]":
      return { name: "Renamed role", privileges: ["customers_manage"], status: "active", sharing: sharing(ids) };
    case "POST /member":
      return { name: "New Member", email: email(), role: ids.role };
    case "PATCH /member/[id]":
      return {
        name: "Renamed Member",
        email: email(),
        image: ids.file,
        role: ids.role,
        status: "active",
        location: ids.location,
        sharing: sharing(ids),
        notification_emails: "every",
        password: PASSWORD,
      };
    case "POST /project":
      return { title: "Fuzz job", description: "", type: ids.projectType, status: 1, fields: [{ id: 1, value: "CD5678" }], owner: ids.member, customer: ids.customer };
    case "PATCH /project/[id]":
      return {
        title: "Renamed job",
        description: "Changed",
        type: ids.projectType,
        status: 2,
        fields: [{ id: 1, value: "EF9012" }, { id: 2, value: "note" }],
        owner: ids.owner,
        customer: null,
        sharing: sharing(ids),
      };
    case "POST /project_type":
      return { name: "Roof repair", icon: "hammer", color: "#E54D2E" };
    case "PATCH /project_type/[id]":
      return { name: "Renamed type", icon: "key", color: "#30a46c", status: "active", sharing: sharing(ids), ...DEFINITION };
    case "POST /project/[id]/workflow/[workflowId]":
      return { fields: [{ id: 2, value: "by workflow" }], comment: "Scheduled for Monday" };
    case "PATCH /notification":
      return { read: [ids.notification], remove: [ids.notification] };
    case "PATCH /conversation/[id]":
      // Linked to a customer, a conversation is shared as the customer is: sharing goes with no customer.
      return { unread: 0, status: "closed", title: "Renamed conversation", customer: ids.customer };
    case "POST /message":
      return { conversation: ids.conversation, type: { id: "note", content: "Called back" }, files: [ids.file] };
    case "PATCH /file/[id]":
      return { removed: true };
    case "PATCH /organization/[id]":
      return { name: "Renamed Works", color: "#12A594", image: ids.file, oauth: null };
    case "PATCH /organization/[id]/automatic_messages":
      return {
        enabled: true,
        triggers: { booked: { enabled: false, email_subject: "Booked: {{visit.date}}", email_body: "Hello {{customer.name}}", sms: "{{#visit.time}}At {{visit.time}}{{/visit.time}}" } },
        reminders: [{ kind: "days_before_at", days: 1, time: "18:00" }],
        quiet_hours: { from: "22:00", to: "07:00" },
        review_link: "https://reviews.example/works",
      };
    case "POST /organization/[id]/automatic_messages/preview":
      return { trigger: "on_my_way", sms: "In {{visit.eta}} min", eta_minutes: 15 };
    case "POST /organization/[id]/automatic_messages/test":
      return { trigger: "booked", channels: ["email", "sms"], phone: "+447700900123" };
    case "POST /tax_rate":
      return { name: "Intermediate", percent: "10", category: "reduced", default: true };
    case "PATCH /tax_rate/[id]":
      return { name: "Renamed rate", percent: 7.5, category: "exempt", exemption_reason: "Education", status: "active", default: true };
    case "POST /price_item":
      return { name: "Copper pipe", description: "15 mm", unit: "metre", unit_cost: 333, markup: 33.333, tax_rate: ids.taxRate, category: "Pipes" };
    case "PATCH /price_item/[id]":
      return { name: "Renamed item", unit: "day", unit_price: 36000, unit_cost: null, tax_rate: ids.taxRate, category: "Labour", status: "archived" };
    case "PATCH /session":
      return { location: ids.location };
    case "POST /token":
      return { name: "Zapier", expires_at: expiryInDays(90), read_only: true };
    case "POST /session":
      return { email: "owner@example.test", password: PASSWORD };
    case "POST /otp/email":
      return { email: email(), language: "en-US" };
    case "POST /otp/recovery":
      return { email: email() };
    case "POST /session/recovery":
      return { email: email(), code: "123456", password: PASSWORD };
    case "POST /signup":
      return {
        organization: { name: "Another Co", language: "en-US", color: "#0090FF" },
        member: { name: "Ann Other", email: email(), password: PASSWORD },
        otp: "123456",
      };
    default:
      return undefined;
  }
}

/** Nearly valid query pairs by endpoint, mutated by the suite like bodies. */
export function queryTemplate(endpoint: string, ids: Ids): Record<string, unknown> | undefined {
  if (endpoint === "GET /history") return { type: "customer", id: ids.customer };
  if (endpoint === "GET /dashboard") return { created_since: "2026-01-01T00:00:00Z" };
  if (endpoint === "GET /project") return { status: "1", type: ids.projectType, owner: ids.owner, customer: ids.customer, sort: "title:asc", open: "true", created_since: "2026-01-01" };
  if (endpoint === "GET /member") return { role: ids.role, sort: "name:asc", limit: "10" };
  if (endpoint === "GET /message") return { conversation: ids.conversation, limit: "1000" };
  if (endpoint === "GET /conversation") return { status: "closed", customer: ids.customer, sort: "unread:desc", search: "C-1", sharing: "include", unread: "true" };
  if (endpoint === "GET /file") return { search: "logo", removed: "false", sort: "size:desc", skip: "0", limit: "50", id: ids.file };
  if (endpoint === "GET /price_item") return { search: "lab", status: "active", category: "Labour", sort: "price:desc", skip: "0", limit: "50", id: ids.priceItem };
  if (endpoint === "GET /tax_rate") return { search: "red", status: "archived", sort: "percent:asc", limit: "10", id: ids.taxRate };
  if (/^GET \/[a-z_]+$/.test(endpoint)) return { search: "a", status: "active", sort: "created:desc", skip: "0", limit: "50", sharing: "include", id: ids.customer };
  if (endpoint.endsWith("/import")) return { dryRun: "true" };
  return undefined;
}

/** Nearly valid multipart forms of the upload endpoints. */
export function formTemplate(endpoint: string): FormPart[] | undefined {
  if (endpoint === "POST /file") return [{ name: "file", file: "png", filename: "logo.png", type: "image/png" }];
  const csv: FormPart = { name: "file", file: "csv", filename: "import.csv", type: "text/csv" };
  const flags: FormPart[] = [
    { name: "skipInvalid", text: "false" },
    { name: "dryRun", text: "false" },
  ];
  if (endpoint === "POST /customer/import") {
    return [csv, { name: "mappings", text: JSON.stringify({ name: 0, email: 1, type: 2 }) }, ...flags, { name: "matchBy", text: "email" }];
  }
  if (endpoint === "POST /price_item/import") {
    return [csv, { name: "mappings", text: JSON.stringify({ name: 0, unit_price: 1, unit: 2, category: 3, id: 4 }) }, ...flags];
  }
  if (endpoint === "POST /project/import") {
    return [csv, { name: "mappings", text: JSON.stringify({ title: 3, type: 4, fields: 5, status: 6, description: 0 }) }, ...flags];
  }
  return undefined;
}

/** Where a route's `[id]` points: the ids of that kind in this world. */
export function idsOfRoute(route: string, ids: Ids): string[] {
  const kind = /^\/([a-z_]+)\/\[id\]/.exec(route)?.[1];
  const byKind: Record<string, (keyof Ids)[]> = {
    conversation: ["conversation"],
    customer: ["customer"],
    file: ["file"],
    location: ["location"],
    member: ["owner", "member"],
    organization: ["organization"],
    project: ["project"],
    project_type: ["projectType"],
    role: ["role", "ownerRole"],
    token: ["token"],
    tax_rate: ["taxRate"],
    price_item: ["priceItem"],
  };
  return (byKind[kind ?? ""] ?? []).map((key) => ids[key]);
}

/** Id-like values for path parameters and id fields: this organization's, the other's, and nobody's. */
export const idValues = (own: Ids, other: Ids) => [...Object.values(own), ...Object.values(other)];
