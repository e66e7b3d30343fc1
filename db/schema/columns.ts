import { sql } from "drizzle-orm";
import { foreignKey, jsonb, text, timestamp, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import type { Sharing } from "@/lib/schemas/sharing";

export const id = () => uuid("id").primaryKey().defaultRandom();

export const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const itemStatus = () => text("status", { enum: ["active", "removed"] }).notNull().default("active");

export const sharing = () =>
  jsonb("sharing").$type<Sharing>().notNull().default(sql`'{"default":"none","locations":[]}'::jsonb`);

/**
 * Who may see a row, from its location and sharing, kept by the database
 * (sharing_audience, migration 0012): the row's own location id, "*" when the
 * default level lets every location see it, the ids of locations named with a
 * level, and "!<id>" for locations named with none. A session at location L sees
 * the row when the audience holds L or "*", and not "!L". As a plain array in
 * the list indexes, the sharing filter is read from the index. A row naming
 * more than 40 locations would not fit an index entry: its audience is its own
 * location and "?", and readers test its sharing itself.
 */
export const audience = () =>
  text("audience")
    .array()
    .notNull()
    .generatedAlwaysAs(sql`sharing_audience(location_id, sharing)`);

/**
 * Which part of the organization's rows a location reads a row from, kept by the
 * database (sharing_reach, migration 0046) from the same location and sharing as
 * the audience: a location id for a row only that location sees, "*" for one every
 * location sees, "+" for one that names locations (or hides it from some), "?" for
 * one whose audience is "?", "" for one no location sees. A location's search walks its own part, "*", and
 * those of "+" and "?" that name it, each newest first by one index, and merges
 * them (lib/server/scoped.ts `searchBranches`): far fewer rows than the whole list.
 */
export const reach = () =>
  text("reach")
    .notNull()
    .generatedAlwaysAs(sql`sharing_reach(location_id, sharing)`);

/**
 * What list search matches, lower-cased once by the database when the row is
 * written (`expression` is SQL over the row's own columns, by name). Search then
 * compares bytes with LIKE against the lower-cased input, several times faster per
 * row than ILIKE, and its trigram index serves rare words.
 */
export const searchText = (expression: string) =>
  text("search_text")
    .notNull()
    .generatedAlwaysAs(sql.raw(`lower(${expression})`));

/**
 * Which of its organization's 30-day periods the row was created in, kept by the database
 * (search_slice, migration 0049) as "<organization id>:<period>", periods counted from
 * 2000-01-01 UTC (lib/server/search-slices.ts counts them the same way). A search newest
 * first reads the newest periods one after another, each by one GIN index on this column
 * and the search text's trigrams, until its page is full: a common word is found among a
 * few hundred of the period's rows, not among every row of the organization that holds it.
 */
export const searchSlice = () =>
  text("search_slice")
    .notNull()
    .generatedAlwaysAs(sql`search_slice(organization_id, created_at)`);

/**
 * The row's list item as JSON text, kept by the database: a trigger per table writes it
 * whenever the row is written, from the same expression a list page would build for it
 * (lib/server/view-json.ts `storedViewFunction`, migration 0050). A page then reads fifty
 * stored texts instead of building fifty objects' JSON on every request, which was most
 * of what PostgreSQL spent on a list (BENCHMARKS.md, "List items kept as JSON").
 */
export const storedView = () => text("view_json");

/**
 * A name as lists sort it, in the database's Unicode root collation (ICU), which
 * sorts as German, French and English readers do: "anna", "Ärzte", "Bob", "élise",
 * not capitals first and accented letters after "z" as bytes would. Lists order by
 * this expression and their name indexes are built on it, so the two must agree.
 */
export const nameOrder = (column: AnyPgColumn) => sql`lower(${column}) collate "und-x-icu"`;

/**
 * A reference to a row of another tenant table, joined on organization_id as well,
 * so it cannot point into another organization and each organization's rows can be
 * sharded together (db/shardable.test.ts). The target keeps a unique (organization_id, id).
 */
export const sameOrganization = (
  name: string,
  organizationId: AnyPgColumn,
  column: AnyPgColumn,
  target: { organizationId: AnyPgColumn; id: AnyPgColumn },
) => foreignKey({ name, columns: [organizationId, column], foreignColumns: [target.organizationId, target.id] });
