/** Invoices for the API tests: an organization with a customer, a quote approved on its page, and calls to the invoice routes. */
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { getDb } from "@/db/client";
import { quote } from "@/db/schema/quote";
import { POST as answerQuote } from "@/app/api/api/public/quote/[token]/route";
import { POST as creditRoute } from "@/app/api/api/invoice/[id]/credit/route";
import { POST as issueRoute } from "@/app/api/api/invoice/[id]/issue/route";
import { GET as getRoute, PATCH as patchRoute } from "@/app/api/api/invoice/[id]/route";
import { POST as voidRoute } from "@/app/api/api/invoice/[id]/void/route";
import { POST as createRoute } from "@/app/api/api/invoice/route";
import { POST as paymentRoute } from "@/app/api/api/payment/route";
import { call, randomIp } from "@/test/api";
import { makeCustomer } from "@/test/conversations";
import { signUpOrganization } from "@/test/fixtures";
import { makeType } from "@/test/projects";
import { sentQuote } from "@/test/public-quote";
import type { SmtpCatcher } from "@/test/smtp-catcher";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

/** Every business detail an e-invoice needs, of a German seller. */
export const GERMAN_BUSINESS = {
  legal_name: "Sanitär Huber GmbH",
  line1: "Hauptstraße 5",
  zip: "80331",
  city: "München",
  country: "DE",
  phone: "089 1234567",
  email: "buero@huber.example",
  vat_number: "DE123456789",
  bank: { iban: "DE89370400440532013000", bic: "COBADEFFXXX" },
};

export async function invoicingShop(mailbox: SmtpCatcher) {
  const org = await signUpOrganization(mailbox);
  const customer = await makeCustomer(org.cookie);
  return { ...org, customer, owner: org.view.member.id as string };
}

/** A quote sent and approved on its page: Premium with its optional thermostat ticked (net 3,000.00, 19 % VAT, 30 % deposit); answers the quote and the project its approval made. */
export async function approvedQuote(shop: Awaited<ReturnType<typeof invoicingShop>>) {
  await makeType(shop.cookie);
  const sent = await sentQuote({ organizationId: shop.organizationId, customerId: shop.customer.id, ownerId: shop.owner });
  const body = { answer: "approved", option: "premium", optional_lines: ["pre-addon"], name: "Carla Customer", signature: `data:image/png;base64,${PNG.toString("base64")}`, revision_hash: sent.hash };
  const res = await call(answerQuote, "POST", `/public/quote/${sent.token}`, { params: { token: sent.token }, body, ip: randomIp() });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const db = await getDb();
  const [row] = await db.select({ project: quote.projectId }).from(quote).where(eq(quote.id, sent.id));
  expect(row.project).toBeTruthy();
  return { ...sent, project: row.project! };
}

export const createInvoice = (cookie: string, body: Record<string, unknown>) => call(createRoute, "POST", "/invoice", { cookie, body });

export async function created(cookie: string, body: Record<string, unknown>) {
  const res = await createInvoice(cookie, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

export const getInvoice = (cookie: string, id: string) => call(getRoute, "GET", `/invoice/${id}`, { cookie, params: { id } });
export const patchInvoice = (cookie: string, id: string, body: Record<string, unknown>) => call(patchRoute, "PATCH", `/invoice/${id}`, { cookie, params: { id }, body });
export const issue = (cookie: string, id: string, body: Record<string, unknown> = {}) => call(issueRoute, "POST", `/invoice/${id}/issue`, { cookie, params: { id }, body });
export const credit = (cookie: string, id: string, body: Record<string, unknown> = {}) => call(creditRoute, "POST", `/invoice/${id}/credit`, { cookie, params: { id }, body });
export const voidIt = (cookie: string, id: string) => call(voidRoute, "POST", `/invoice/${id}/void`, { cookie, params: { id }, body: {} });
export const pay = (cookie: string, body: Record<string, unknown>) => call(paymentRoute, "POST", "/payment", { cookie, body });

export async function issued(cookie: string, id: string, body: Record<string, unknown> = {}) {
  const res = await issue(cookie, id, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** A blank invoice of two lines at 20 % and 5 % (net 1,000.00 + 200.00) for the customer. */
export const blankBody = (customer: string, extra: Record<string, unknown> = {}) => ({
  from: "blank",
  customer,
  title: "Boiler repair",
  sections: [
    {
      title: "Work",
      lines: [
        { name: "Boiler part", unit: "piece", unit_price: 50_000, quantity: 2 },
        { name: "Labour", unit: "hour", unit_price: 8_000, quantity: 2.5 },
      ],
    },
  ],
  ...extra,
});
