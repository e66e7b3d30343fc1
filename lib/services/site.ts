import "server-only";
import { and, asc, count, eq, ne, notExists, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { contact } from "@/db/schema/contact";
import { customer as customerTable } from "@/db/schema/customer";
import { organization } from "@/db/schema/organization";
import { project } from "@/db/schema/project";
import { site } from "@/db/schema/site";
import { countryOfText } from "@/lib/schemas/country-names";
import type { siteCreateSchema, siteListQuerySchema, siteUpdateSchema } from "@/lib/schemas/site";
import type { z } from "@/lib/schemas/z";
import { countryTimeZone } from "@/lib/server/country-time-zone";
import { conflict, invalidAt } from "@/lib/server/errors";
import { creationChanges } from "@/lib/server/history";
import { changePart, createPart, getPart, insertPart, listParts, partHistory, updatePart } from "@/lib/server/scoped-parts";
import type { SessionContext } from "@/lib/server/session";
import type { CustomerRow } from "@/lib/entities/customer";
import { siteEntity, type SiteRow } from "@/lib/entities/site";
import { chunks, insertHistory } from "./import/bulk-create";
import { projectIsOpen } from "./project-open";
import { businessAtLocation } from "./business-at";

export const listSites = (db: Db, session: SessionContext, customerId: string, query: z.output<typeof siteListQuerySchema>) =>
  listParts(db, session, siteEntity, customerId, query);

export const getSite = (db: Db, session: SessionContext, customerId: string, id: string) => getPart(db, session, siteEntity, customerId, id);

export const siteHistory = (db: Db, session: SessionContext, customerId: string, id: string) => partHistory(db, session, siteEntity, customerId, id);

/**
 * The time zone a site takes when none is given: its country's, where the country
 * has one; else the business details' of its customer's location, else the
 * organization's; else the organization's country's; else UTC.
 */
async function defaultTimeZone(tx: Db, session: SessionContext, customer: CustomerRow, country: string | null | undefined) {
  return countryTimeZone(country) ?? (await businessTimeZone(tx, session.organizationId, customer.locationId));
}

/** The time zone of a location's business details, else the organization's; else the organization's country's; else UTC. */
export async function businessTimeZone(tx: Db, organizationId: string, locationId: string | null) {
  const [org] = await tx
    .select({ id: organization.id, business: organization.business, country: organization.country })
    .from(organization)
    .where(eq(organization.id, organizationId));
  return (await businessAtLocation(tx, org, locationId)).time_zone ?? countryTimeZone(org.country) ?? "UTC";
}

/** Projects not yet at their type's last status that are at the site. */
async function openProjectsAt(tx: Db, session: SessionContext, siteId: string) {
  const [row] = await tx
    .select({ count: count() })
    .from(project)
    .where(and(eq(project.organizationId, session.organizationId), eq(project.siteId, siteId), projectIsOpen));
  return row.count;
}

async function otherActiveSites(tx: Db, session: SessionContext, row: SiteRow) {
  const [found] = await tx
    .select({ count: count() })
    .from(site)
    .where(and(eq(site.organizationId, session.organizationId), eq(site.customerId, row.customerId), eq(site.status, "active"), ne(site.id, row.id)));
  return found.count;
}

/** The customer's address as a site's: its country text read as a code. */
export const customerAddress = (row: CustomerRow) => ({
  line1: row.line1,
  line2: row.line2,
  zip: row.zip,
  city: row.city,
  state: row.state,
  country: countryOfText(row.country),
});
type Address = ReturnType<typeof customerAddress>;
const hasAddress = (address: Address) => Object.values(address).some((value) => value !== null);
const ADDRESS_KEYS = ["line1", "line2", "zip", "city", "state", "country"] as const;

/**
 * Removing a site (status removed) keeps it and its history. Refused while open
 * projects are at it (they would point at a removed place), and for the last active
 * site of a customer with an address: such a customer always keeps one.
 */
async function checkRemoval(tx: Db, session: SessionContext, customer: CustomerRow, row: SiteRow) {
  const open = await openProjectsAt(tx, session, row.id);
  if (open > 0) throw conflict("errors.site.inUse", { count: open });
  if (hasAddress(customerAddress(customer)) && (await otherActiveSites(tx, session, row)) === 0) throw conflict("errors.site.last");
}

/** The contact to ask for at a site: an active contact of the site's customer (400 at `contact`). */
async function checkSiteContact(tx: Db, session: SessionContext, customerId: string, contactId: string) {
  const [row] = await tx
    .select({ status: contact.status })
    .from(contact)
    .where(and(eq(contact.organizationId, session.organizationId), eq(contact.customerId, customerId), eq(contact.id, contactId)));
  if (!row) throw invalidAt("contact", "errors.reference.contactOfCustomer");
  if (row.status !== "active") throw invalidAt("contact", "errors.reference.contactRemoved");
}

export function createSite(db: Db, session: SessionContext, customerId: string, input: z.output<typeof siteCreateSchema>) {
  return createPart<SiteRow, ReturnType<typeof siteEntity.view>, CustomerRow>(db, session, siteEntity, customerId, input, {
    async prepare(tx, customer) {
      if (input.contact) await checkSiteContact(tx, session, customerId, input.contact);
      return input.time_zone ? undefined : { time_zone: await defaultTimeZone(tx, session, customer, input.country) };
    },
  });
}

export function updateSite(db: Db, session: SessionContext, customerId: string, id: string, patch: z.output<typeof siteUpdateSchema>) {
  return updatePart<SiteRow, ReturnType<typeof siteEntity.view>, CustomerRow>(db, session, siteEntity, customerId, id, patch, {
    async check(tx, customer, before, after, changes) {
      // A kept contact stays, even if removed since.
      if ("contact" in changes && after.contactId) await checkSiteContact(tx, session, customerId, after.contactId);
      if (before?.status === "active" && after.status === "removed") await checkRemoval(tx, session, customer, before);
    },
  });
}

/** A new customer's address becomes its first site, in the customer's own transaction. */
export async function firstSiteOf(tx: Db, session: SessionContext, customer: CustomerRow) {
  const address = customerAddress(customer);
  if (!hasAddress(address)) return;
  await insertPart(tx, session, siteEntity, customer.id, { ...address, timeZone: await defaultTimeZone(tx, session, customer, address.country) });
}

/**
 * The first sites of the customers this transaction created (an import's): each with
 * an address gets it as its first site, with its history entry, written in batches.
 */
export async function firstSitesOfCreated(tx: Db, session: SessionContext) {
  const created = await tx
    .select()
    .from(customerTable)
    .where(
      and(
        eq(customerTable.organizationId, session.organizationId),
        // now() is the transaction's start: the rows it inserted carry it as their creation time.
        eq(customerTable.createdAt, sql`now()`),
        notExists(tx.select({ id: site.id }).from(site).where(and(eq(site.organizationId, customerTable.organizationId), eq(site.customerId, customerTable.id)))),
      ),
    );
  // Each zone is read once, and one at a time: the transaction is one connection.
  const zones = new Map<string, string>();
  const zoneOf = async (row: CustomerRow, country: string | null) => {
    const key = `${country}|${row.locationId}`;
    if (!zones.has(key)) zones.set(key, await defaultTimeZone(tx, session, row, country));
    return zones.get(key)!;
  };
  const wanted = created.map((row) => ({ row, address: customerAddress(row) })).filter(({ address }) => hasAddress(address));
  for (const batch of chunks(wanted)) {
    const values = [];
    for (const { row, address } of batch) {
      values.push({ ...address, organizationId: session.organizationId, customerId: row.id, timeZone: await zoneOf(row, address.country) });
    }
    const inserted = await tx.insert(site).values(values).returning();
    const shown = (row: SiteRow) => Object.fromEntries(Object.entries(siteEntity.fields).map(([field, key]) => [field, row[key as keyof SiteRow]]));
    await insertHistory(tx, session, siteEntity.type, inserted.map((row) => ({ entityId: row.id, action: "created" as const, changes: creationChanges(shown(row)) })));
  }
}

/**
 * After a customer's address changed, in the same transaction: its active sites
 * that still read as the old address follow the new one (a typo corrected once),
 * and a customer that now has an address but no active site gets its first.
 */
export async function followCustomerAddress(tx: Db, session: SessionContext, before: CustomerRow, after: CustomerRow) {
  const old = customerAddress(before);
  const next = customerAddress(after);
  if (ADDRESS_KEYS.every((key) => old[key] === next[key])) return;
  const active = await tx
    .select()
    .from(site)
    .where(and(eq(site.organizationId, session.organizationId), eq(site.customerId, after.id), eq(site.status, "active")))
    .orderBy(asc(site.createdAt), asc(site.id))
    .for("update");
  if (active.length === 0) return firstSiteOf(tx, session, after);
  if (!hasAddress(old)) return;
  for (const row of active) {
    if (ADDRESS_KEYS.every((key) => row[key] === old[key])) await changePart(tx, session, siteEntity, row, next);
  }
}

/** The customer's first active site, a new project's default. */
async function firstActiveSite(tx: Db, session: SessionContext, customerId: string) {
  const [row] = await tx
    .select({ id: site.id })
    .from(site)
    .where(and(eq(site.organizationId, session.organizationId), eq(site.customerId, customerId), eq(site.status, "active")))
    .orderBy(asc(site.createdAt), asc(site.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The site a project is at: the one asked for, which must be an active site of the
 * project's customer (400 at `site`), or when none is asked for, the customer's
 * first. Without a customer a project has no site.
 */
export async function projectSite(tx: Db, session: SessionContext, customerId: string | null, requested: string | null | undefined) {
  if (requested === undefined) return customerId ? firstActiveSite(tx, session, customerId) : null;
  if (requested === null) return null;
  if (!customerId) throw invalidAt("site", "errors.reference.siteWithoutCustomer");
  const [row] = await tx
    .select({ status: site.status })
    .from(site)
    .where(and(eq(site.organizationId, session.organizationId), eq(site.customerId, customerId), eq(site.id, requested)));
  if (!row) throw invalidAt("site", "errors.reference.siteOfCustomer");
  if (row.status !== "active") throw invalidAt("site", "errors.reference.siteRemoved");
  return requested;
}
