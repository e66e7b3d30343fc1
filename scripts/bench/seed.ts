// The benchmark organization, written with set-based SQL (INSERT … SELECT generate_series):
// one organization, its locations, two members who can log in, project types,
// customers and projects with a mix of locations and sharing.
import type { Pool, PoolClient } from "pg";
import { hashSecret } from "@/lib/server/hash";

export const BENCH_ORGANIZATION = "Craftdesk Bench";
export const ADMIN_EMAIL = "bench-admin@craftdesk.test";
export const STAFF_EMAIL = "bench-staff@craftdesk.test";
export const PASSWORD = "bench-password-0000";

export type SeedSize = { locations: number; customers: number; projects: number };

export type Seeded = {
  organizationId: string;
  adminId: string;
  staffId: string;
  /** The location the staff member works at. */
  staffLocationId: string;
  size: SeedSize;
  /** Seconds the seed took; null when the database was already seeded. */
  seconds: number | null;
};

const FIRST = [
  "James", "Mary", "Robert", "Patricia", "John", "Jennifer", "Michael", "Linda", "David", "Elizabeth",
  "William", "Barbara", "Richard", "Susan", "Joseph", "Jessica", "Thomas", "Sarah", "Charles", "Karen",
  "Daniel", "Lisa", "Matthew", "Nancy", "Anthony", "Betty", "Mark", "Sandra", "Paul", "Ashley",
  "Steven", "Emily", "Andrew", "Donna", "Kenneth", "Michelle", "Joshua", "Carol", "Kevin", "Amanda",
  "Brian", "Melissa", "George", "Deborah", "Timothy", "Stephanie", "Ronald", "Rebecca", "Jason", "Laura",
];

const LAST = [
  "Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez",
  "Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin",
  "Lee", "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis", "Robinson",
  "Walker", "Young", "Allen", "King", "Wright", "Scott", "Torres", "Nguyen", "Hill", "Flores",
  "Green", "Adams", "Nelson", "Baker", "Hall", "Rivera", "Campbell", "Mitchell", "Carter", "Roberts",
  "Gomez", "Phillips", "Evans", "Turner", "Diaz", "Parker", "Cruz", "Edwards", "Collins", "Reyes",
  "Stewart", "Morris", "Morales", "Murphy", "Cook", "Rogers", "Gutierrez", "Ortiz", "Morgan", "Cooper",
  "Peterson", "Bailey", "Reed", "Kelly", "Howard", "Ramos", "Kim", "Cox", "Ward", "Richardson",
  "Watson", "Brooks", "Chavez", "Wood", "James", "Bennett", "Gray", "Mendoza", "Ruiz", "Hughes",
  "Price", "Alvarez", "Castillo", "Sanders", "Patel", "Myers", "Long", "Ross", "Foster", "Jimenez",
  "Powell", "Jenkins", "Perry", "Russell", "Sullivan", "Bell", "Coleman", "Butler", "Henderson", "Barnes",
  "Fisher", "Vasquez", "Simmons", "Romero", "Jordan", "Patterson", "Alexander", "Hamilton", "Graham", "Whitfield",
];

const COMPANY = ["Plumbing", "Electric", "Builders", "Renovations", "Holdings", "Property", "Estates", "Services"];

const WORK = [
  "Boiler service", "Bathroom renovation", "Kitchen fitting", "Roof repair", "Rewiring", "Leak repair",
  "Heating check", "Window replacement", "Drain unblocking", "Extension build", "Radiator swap", "Fuse box upgrade",
  "Gutter cleaning", "Tiling", "Shower install", "Loft insulation",
];

const STREET = ["Road", "Street", "Lane", "Avenue", "Close", "Way", "Drive", "Court"];

const CITIES = ["Springfield", "Riverton", "Fairview", "Kingsport", "Lakeside", "Oakdale", "Milton", "Ashford"];

const TYPES = [
  { name: "Boiler service", icon: "flame", color: "#E54D2E" },
  { name: "Renovation", icon: "hammer", color: "#0090FF" },
  { name: "Electrical", icon: "bolt", color: "#FFC53D" },
  { name: "Plumbing", icon: "droplet", color: "#12A594" },
  { name: "Roofing", icon: "home", color: "#8E4EC6" },
];

const STATUSES = [
  { id: 1, title: "Requested", description: "" },
  { id: 2, title: "Scheduled", description: "" },
  { id: 3, title: "In progress", description: "" },
  { id: 4, title: "Done", description: "" },
];

const textArray = (values: readonly string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]`;
/** A random element of a SQL array literal, picked by a random value r in [0, 1). */
const pick = (values: readonly string[], r: string) => `(${textArray(values)})[1 + floor(${r} * ${values.length})::int]`;

/**
 * Sharing mix for a random value r in [0, 1), with `locs` the location id array:
 * 55 % private to their location, 25 % visible to every location, 5 % editable by
 * every location, 15 % shared with two named locations (view and edit).
 */
function sharingSql(r: string, r2: string, locs: string, count: number) {
  const at = (offset: number) => `${locs}[1 + ((floor(${r2} * ${count})::int + ${offset}) % ${count})]`;
  return `case
    when ${r} < 0.55 then '{"default":"none","locations":[]}'::jsonb
    when ${r} < 0.80 then '{"default":"view","locations":[]}'::jsonb
    when ${r} < 0.85 then '{"default":"edit","locations":[]}'::jsonb
    else jsonb_build_object('default', 'none', 'locations', jsonb_build_array(
      jsonb_build_object('id', ${at(1)}, 'level', 'view'),
      jsonb_build_object('id', ${at(2)}, 'level', 'edit')))
  end`;
}

/** 10 % of items belong to the organization level, the rest to one location each. */
const locationSql = (r: string, locs: string, count: number) =>
  `case when ${r} < 0.10 then null else ${locs}[1 + floor((${r} - 0.10) / 0.90 * ${count})::int] end`;

async function findSeeded(client: PoolClient | Pool) {
  const { rows } = await client.query<{ id: string }>("select id from organization where name = $1", [BENCH_ORGANIZATION]);
  return rows[0]?.id;
}

async function describe(pool: Pool, organizationId: string, seconds: number | null): Promise<Seeded> {
  const { rows } = await pool.query<{
    admin_id: string;
    staff_id: string;
    location_id: string;
    locations: string;
    customers: string;
    projects: string;
  }>(
    `select m.id as staff_id, m.location_id,
       (select id from member where email = $3 and organization_id = $1) as admin_id,
       (select count(*) from location where organization_id = $1) as locations,
       (select count(*) from customer where organization_id = $1) as customers,
       (select count(*) from project where organization_id = $1) as projects
     from member m where m.email = $2 and m.organization_id = $1`,
    [organizationId, STAFF_EMAIL, ADMIN_EMAIL],
  );
  const row = rows[0];
  return {
    organizationId,
    adminId: row.admin_id,
    staffId: row.staff_id,
    staffLocationId: row.location_id,
    size: { locations: Number(row.locations), customers: Number(row.customers), projects: Number(row.projects) },
    seconds,
  };
}

/** Secondary indexes of a table (not the primary key), to drop before a bulk load and build after. */
async function secondaryIndexes(client: PoolClient, table: string) {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `select i.indexname as name, i.indexdef as definition
     from pg_indexes i
     join pg_class c on c.relname = i.indexname
     join pg_index x on x.indexrelid = c.oid
     where i.schemaname = 'public' and i.tablename = $1 and not x.indisprimary`,
    [table],
  );
  return rows;
}

const step = async (label: string, work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  console.log(`  ${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
};

/** Seeds the benchmark organization unless it is there already; all of it in one transaction. */
export async function seed(pool: Pool, size: SeedSize): Promise<Seeded> {
  const existing = await findSeeded(pool);
  if (existing) {
    const seeded = await describe(pool, existing, null);
    console.log(
      `Already seeded: ${seeded.size.customers} customers, ${seeded.size.projects} projects, ${seeded.size.locations} locations.`,
    );
    return seeded;
  }
  console.log(`Seeding ${size.locations} locations, ${size.customers} customers, ${size.projects} projects…`);
  const started = performance.now();
  const passwordHash = await hashSecret(PASSWORD);
  const client = await pool.connect();
  try {
    await client.query("begin");
    await client.query("set local maintenance_work_mem = '512MB'");
    await client.query("set local work_mem = '256MB'");
    // Generated rows reference rows generated with them; the foreign keys are
    // checked once per statement below instead of once per row.
    await client.query("set local session_replication_role = replica");
    await client.query("select setseed(0.4242)");

    let organizationId = "";
    let locs = "";
    await step("organization, locations, roles, members, project types", async () => {
      organizationId = (
        await client.query<{ id: string }>("insert into organization (name) values ($1) returning id", [BENCH_ORGANIZATION])
      ).rows[0].id;
      await client.query(
        `insert into location (organization_id, name, sharing)
         select $1, 'Branch ' || lpad(g::text, 2, '0'), '{"default":"view","locations":[]}'::jsonb
         from generate_series(1, $2::int) g`,
        [organizationId, size.locations],
      );
      locs = `(select array_agg(id order by name) from location where organization_id = '${organizationId}')`;
      const { rows: roles } = await client.query<{ id: string; name: string }>(
        `insert into role (organization_id, name, privileges, sharing) values
           ($1, 'Administrator', '{admin}', '{"default":"view","locations":[]}'),
           ($1, 'Staff', '{}', '{"default":"view","locations":[]}')
         returning id, name`,
        [organizationId],
      );
      const roleId = (name: string) => roles.find((r) => r.name === name)!.id;
      await client.query(
        `insert into member (organization_id, name, email, role_id, location_id, sharing, password_hash) values
           ($1, 'Bench Admin', $2, $3, null, '{"default":"view","locations":[]}', $5),
           ($1, 'Bench Staff', $4, $6, ${locs}[1], '{"default":"view","locations":[]}', $5)`,
        [organizationId, ADMIN_EMAIL, roleId("Administrator"), STAFF_EMAIL, passwordHash, roleId("Staff")],
      );
      // Two more members per location, owners of projects.
      await client.query(
        `insert into member (organization_id, name, email, role_id, location_id, sharing)
         select $1, ${pick(FIRST, "((g * 7) % 50) / 50.0")} || ' ' || ${pick(LAST, "((g * 13) % 120) / 120.0")},
           'member' || g || '@craftdesk.test', $2, ${locs}[1 + (g % $3::int)], '{"default":"view","locations":[]}'
         from generate_series(1, 2 * $3::int) g`,
        [organizationId, roleId("Staff"), size.locations],
      );
      for (const type of TYPES) {
        await client.query(
          `insert into project_type (organization_id, name, icon, color, sharing, statuses)
           values ($1, $2, $3, $4, '{"default":"view","locations":[]}', $5)`,
          [organizationId, type.name, type.icon, type.color, JSON.stringify(STATUSES)],
        );
      }
    });

    const dropped: { name: string; definition: string }[] = [];
    await step("dropped secondary indexes of customer and project for the bulk load", async () => {
      for (const table of ["customer", "project"]) {
        for (const index of await secondaryIndexes(client, table)) {
          dropped.push(index);
          await client.query(`drop index "${index.name}"`);
        }
      }
    });

    // Three years of history up to now, in creation order, as a real table would fill.
    const span = "interval '3 years'";
    await step(`${size.customers} customers`, () =>
      client.query(
        `insert into customer (organization_id, type, name, phone, email, line1, zip, city, country,
           status, location_id, sharing, created_at, updated_at)
         select $1,
           case when r.kind < 0.7 then 'individual' else 'organization' end,
           case when r.kind < 0.7 then ${pick(FIRST, "r.a")} || ' ' || ${pick(LAST, "r.b")}
                else ${pick(LAST, "r.b")} || ' ' || ${pick(COMPANY, "r.a")} end,
           '+1 555 ' || lpad((r.g % 10000000)::text, 7, '0'),
           'customer' || r.g || '@example.com',
           (1 + (r.g % 200)) || ' ' || ${pick(LAST, "r.a")} || ' ' || ${pick(STREET, "r.b")},
           lpad((r.g % 100000)::text, 5, '0'),
           ${pick(CITIES, "r.kind")},
           'US',
           case when r.removed < 0.05 then 'removed' else 'active' end,
           ${locationSql("r.loc", "l.a", size.locations)},
           ${sharingSql("r.share", "r.share2", "l.a", size.locations)},
           r.created, r.created + r.touched * interval '30 days'
         from (
           select g, random() as kind, random() as a, random() as b, random() as removed, random() as loc,
             random() as share, random() as share2, random() as touched,
             now() - ${span} + (g + random()) * (${span} / $2::int) as created
           from generate_series(1, $2::int) g
         ) r
         cross join (select ${locs} as a) l`,
        [organizationId, size.customers],
      ),
    );

    await step(`${size.projects} projects`, async () => {
      await client.query(
        `create temp table bench_customer on commit drop as
         select row_number() over (order by created_at, id)::int as n, id from customer where organization_id = $1`,
        [organizationId],
      );
      await client.query("alter table bench_customer add primary key (n)");
      await client.query(
        `insert into project (organization_id, title, description, type_id, status, owner_id, customer_id,
           location_id, sharing, created_at, updated_at)
         select $1,
           ${pick(WORK, "r.work")} || ', ' || (1 + (r.g % 200)) || ' ' || ${pick(LAST, "r.b")} || ' ' || ${pick(STREET, "r.a")},
           'Seeded for the list benchmark',
           t.a[1 + floor(r.a * array_length(t.a, 1))::int],
           1 + floor(r.status * 4)::int,
           case when r.owner < 0.15 then null else m.a[1 + floor(r.owner * array_length(m.a, 1))::int] end,
           c.id,
           ${locationSql("r.loc", "l.a", size.locations)},
           ${sharingSql("r.share", "r.share2", "l.a", size.locations)},
           r.created, r.created + r.touched * interval '30 days'
         from (
           select g, random() as work, random() as a, random() as b, random() as status, random() as owner,
             random() as loc, random() as share, random() as share2, random() as touched,
             case when random() < 0.1 then null else 1 + floor(random() * $3::int)::int end as customer_n,
             now() - ${span} + (g + random()) * (${span} / $2::int) as created
           from generate_series(1, $2::int) g
         ) r
         cross join (select ${locs} as a) l
         cross join (select array_agg(id order by name) as a from project_type where organization_id = $1) t
         cross join (select array_agg(id order by email) as a from member where organization_id = $1 and password_hash is null) m
         left join bench_customer c on c.n = r.customer_n`,
        [organizationId, size.projects, size.customers],
      );
    });

    await step("foreign keys checked", async () => {
      const orphans = await client.query<{ count: string }>(
        `select
           (select count(*) from project p where p.organization_id = $1 and (
              not exists (select 1 from project_type t where t.id = p.type_id)
              or (p.customer_id is not null and not exists (select 1 from customer c where c.id = p.customer_id))
              or (p.owner_id is not null and not exists (select 1 from member m where m.id = p.owner_id))
              or (p.location_id is not null and not exists (select 1 from location l where l.id = p.location_id))))
         + (select count(*) from customer c where c.organization_id = $1 and c.location_id is not null
              and not exists (select 1 from location l where l.id = c.location_id)) as count`,
        [organizationId],
      );
      if (Number(orphans.rows[0].count) !== 0) throw new Error("Seeded rows reference missing rows");
    });

    await step(`rebuilt ${dropped.length} indexes`, async () => {
      for (const index of dropped) await client.query(index.definition);
    });
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  await step("vacuum analyze", () => pool.query("vacuum analyze customer, project, member, location, project_type"));
  const seconds = (performance.now() - started) / 1000;
  console.log(`Seeded in ${seconds.toFixed(1)} s.`);
  const organizationId = (await findSeeded(pool))!;
  return describe(pool, organizationId, seconds);
}
