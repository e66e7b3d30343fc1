import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { customer } from "@/db/schema/customer";
import { HUNDRED_PERCENT, PERCENT_SCALE } from "@/lib/money/decimal";
import { readWhenListed } from "@/lib/server/view-json";

/*
 * Fields of list views that the database computes as the JavaScript views do
 * (view-json.ts `computed`), so that lists are written by the database.
 */

/** Thousandths of a percent as `percentNumber` prints them: 5500 → 5.5, 20000 → 20. */
export const percentSql = (milli: SQL | AnyPgColumn) => sql`trim_scale((${milli})::numeric / ${sql.raw(String(10 ** PERCENT_SCALE))})`;

/** `markupOf`: the percent a price is over its cost, rounded as `divRound` rounds (half away from zero); null without a cost. */
export const markupSql = (price: AnyPgColumn, cost: AnyPgColumn) =>
  sql`case when coalesce(${cost}, 0) = 0 then null else ${percentSql(sql`round(((${price} - ${cost}) * ${sql.raw(String(HUNDRED_PERCENT))})::numeric / ${cost})`)} end`;

/** The name of the row's customer, read by the (organization, id) index for each item of the page. */
export const customerNameSql = (organizationId: AnyPgColumn, customerId: AnyPgColumn) =>
  // Another table's row: a stored list item leaves it out, and a page writes it (view-json.ts).
  readWhenListed(sql`(select ${customer.name} from ${customer} where ${customer.organizationId} = ${organizationId} and ${customer.id} = ${customerId})`);
