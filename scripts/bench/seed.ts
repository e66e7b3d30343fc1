// The benchmark organization, written with set-based SQL (INSERT … SELECT generate_series):
// one organization, its locations, two members who can log in, project types,
// customers and projects with a mix of locations and sharing.
import type { Pool, PoolClient } from "pg";
import { hashSecret } from "@/lib/server/hash";
import { seedDocuments, type DocumentSize } from "./seed-documents";
import { BENCH_ORGANIZATION, bulkLoad, step } from "./seed-steps";

export { BENCH_ORGANIZATION };

export const ADMIN_EMAIL = "bench-admin@craftdesk.test";
export const STAFF_EMAIL = "bench-staff@craftdesk.test";
export const PASSWORD = "bench-password-0000";

export type SeedSize = DocumentSize & { locations: number; customers: number; projects: number; visits: number };

export type Seeded = {
  organizationId: string;
  adminId: string;
  staffId: string;
  /** The location the staff member works at. */
  staffLocationId: string;
  /** The technician of the staff member's location: most of its visits are theirs. */
  technicianId: string;
  /** A customer of the staff member's location with the most invoices: the lists of one customer's quotes and invoices. */
  documentCustomerId: string | null;
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

/** The crew: every visit has one of them, every tenth a second. */
export const CREW = 40;
/** The organization's zone and opening hours: visits are timed at its wall clock. */
export const BENCH_ZONE = "America/Chicago";
const OPEN = [{ from: "08:00", to: "17:00" }];
const HOURS = { mon: OPEN, tue: OPEN, wed: OPEN, thu: OPEN, fri: OPEN, sat: [{ from: "08:00", to: "12:00" }], sun: [] };

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
    technician_id: string;
    locations: string;
    customers: string;
    projects: string;
    visits: string;
    quotes: string;
    invoices: string;
    price_items: string;
    document_customer_id: string | null;
  }>(
    `select m.id as staff_id, m.location_id,
       (select id from member where email = $3 and organization_id = $1) as admin_id,
       (select t.id from member t where t.organization_id = $1 and t.location_id = m.location_id and t.password_hash is null
         order by t.email limit 1) as technician_id,
       (select count(*) from location where organization_id = $1) as locations,
       (select count(*) from customer where organization_id = $1) as customers,
       (select count(*) from project where organization_id = $1) as projects,
       (select count(*) from visit where organization_id = $1) as visits,
       (select count(*) from quote where organization_id = $1) as quotes,
       (select count(*) from invoice where organization_id = $1) as invoices,
       (select count(*) from price_item where organization_id = $1) as price_items,
       (select i.customer_id from invoice i where i.organization_id = $1 and i.location_id = m.location_id
         group by i.customer_id order by count(*) desc, i.customer_id limit 1) as document_customer_id
     from member m where m.email = $2 and m.organization_id = $1`,
    [organizationId, STAFF_EMAIL, ADMIN_EMAIL],
  );
  const row = rows[0];
  return {
    organizationId,
    adminId: row.admin_id,
    staffId: row.staff_id,
    staffLocationId: row.location_id,
    technicianId: row.technician_id,
    documentCustomerId: row.document_customer_id,
    size: {
      locations: Number(row.locations),
      customers: Number(row.customers),
      projects: Number(row.projects),
      visits: Number(row.visits),
      quotes: Number(row.quotes),
      invoices: Number(row.invoices),
      priceItems: Number(row.price_items),
    },
    seconds,
  };
}

/** Seeds the benchmark organization unless it is there already; all of it in one transaction. */
export async function seed(pool: Pool, size: SeedSize): Promise<Seeded> {
  const existing = await findSeeded(pool);
  if (existing) {
    let seeded = await describe(pool, existing, null);
    console.log(
      `Already seeded: ${seeded.size.customers} customers, ${seeded.size.projects} projects, ${seeded.size.locations} locations, ${seeded.size.visits} visits.`,
    );
    // Parts added to the seed later are seeded into an organization seeded before them.
    const started = performance.now();
    const visits = seeded.size.visits === 0 && size.visits > 0;
    const documents = seeded.size.quotes === 0 && size.quotes > 0;
    if (visits) await seedVisits(pool, existing, size);
    if (documents) await seedDocuments(pool, existing, size);
    if (visits || documents) seeded = await describe(pool, existing, (performance.now() - started) / 1000);
    return seeded;
  }
  console.log(`Seeding ${size.locations} locations, ${size.customers} customers, ${size.projects} projects…`);
  const started = performance.now();
  const passwordHash = await hashSecret(PASSWORD);
  // Generated rows reference rows generated with them: the foreign keys are checked
  // once, by the statement "foreign keys checked" below, instead of once per row.
  await bulkLoad(pool, { tables: ["customer", "project"], seed: 0.4242, analyze: ["customer", "project", "member", "location", "project_type"] }, async (client) => {
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
      // Forty more members, the crew: owners of projects and the technicians of visits, spread over the locations.
      await client.query(
        `insert into member (organization_id, name, email, role_id, location_id, sharing)
         select $1, ${pick(FIRST, "((g * 7) % 50) / 50.0")} || ' ' || ${pick(LAST, "((g * 13) % 120) / 120.0")},
           'member' || lpad(g::text, 2, '0') || '@craftdesk.test', $2, ${locs}[1 + (g % $3::int)], '{"default":"view","locations":[]}'
         from generate_series(1, $4::int) g`,
        [organizationId, roleId("Staff"), size.locations, CREW],
      );
      for (const type of TYPES) {
        await client.query(
          `insert into project_type (organization_id, name, icon, color, sharing, statuses)
           values ($1, $2, $3, $4, '{"default":"view","locations":[]}', $5)`,
          [organizationId, type.name, type.icon, type.color, JSON.stringify(STATUSES)],
        );
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
  });
  const organizationId = (await findSeeded(pool))!;
  if (size.visits > 0) await seedVisits(pool, organizationId, size);
  if (size.quotes > 0) await seedDocuments(pool, organizationId, size);
  const seconds = (performance.now() - started) / 1000;
  console.log(`Seeded in ${seconds.toFixed(1)} s.`);
  return describe(pool, organizationId, seconds);
}

/**
 * Three years of visits (ending three months ahead) and the crew's time off, in one
 * transaction of set-based SQL. A visit is at a random project and carries its
 * location, sharing and customer as the database's triggers would copy them; its
 * technician is the one of its location (85 %, else anyone of the crew) and every
 * tenth visit has a second member. 2 % wait unscheduled, 5 % are on a day with no
 * set time, the rest are timed at the organization's wall clock: 1 to 3 hours, 92 %
 * within the opening hours (Monday to Friday 08:00–17:00, Saturday 08:00–12:00),
 * the rest between 06:00 and 20:00; most Sundays move to the Friday before. 3 % of
 * scheduled visits are cancelled; past ones are completed.
 */
export async function seedVisits(pool: Pool, organizationId: string, size: SeedSize) {
  console.log(`Seeding ${size.visits} visits…`);
  // The triggers that copy the project's columns and fill visit_member are replaced by the statements below.
  await bulkLoad(pool, { tables: ["visit", "visit_member"], seed: 0.2424, analyze: ["visit", "visit_member", "time_off", "organization"] }, async (client) => {
    await client.query("update organization set business = business || $2::jsonb where id = $1", [
      organizationId,
      JSON.stringify({ time_zone: BENCH_ZONE, hours: HOURS }),
    ]);
    await step("projects and technicians numbered", async () => {
      await client.query(
        `create temp table bench_project on commit drop as
         select row_number() over (order by id)::int as n, id, location_id, sharing, customer_id
         from project where organization_id = $1`,
        [organizationId],
      );
      await client.query("alter table bench_project add primary key (n)");
      await client.query(
        `create temp table bench_crew on commit drop as
         select location_id, array_agg(id order by email) as ids
         from member where organization_id = $1 and password_hash is null group by location_id`,
        [organizationId],
      );
    });
    const zone = `'${BENCH_ZONE}'`;
    await step(`${size.visits} visits`, () =>
      client.query(
        `insert into visit (organization_id, project_id, location_id, sharing, customer_id, time_zone,
           start_at, end_at, day, span_start, span_end, local_start, local_end, arrival_window, members,
           status, status_changed, created_at, updated_at)
         select $1, p.id, p.location_id, p.sharing, p.customer_id, ${zone},
           case when s.kind = 'timed' then s.local_start at time zone ${zone} end,
           case when s.kind = 'timed' then s.local_end at time zone ${zone} end,
           case when s.kind = 'day' then s.d end,
           case when s.kind = 'unscheduled' then 'infinity' else s.local_start at time zone ${zone} end,
           case when s.kind <> 'unscheduled' then s.local_end at time zone ${zone} end,
           case when s.kind <> 'unscheduled' then s.local_start end,
           case when s.kind <> 'unscheduled' then s.local_end end,
           case when r.rother < 0.3 then 60 end,
           case when s.kind = 'unscheduled' then '{}'::uuid[]
                when r.rsecond < 0.1 and w.second <> w.first then array[w.first, w.second]
                else array[w.first] end,
           case when s.kind <> 'unscheduled' and r.rcancel < 0.03 then 'cancelled'
                when s.kind <> 'unscheduled' and s.local_end at time zone ${zone} < now() then 'completed'
                else 'scheduled' end,
           s.created, s.created, s.created
         from (
           select g, random() as rp, random() as kind, random() as rday, random() as rslot, random() as rdur,
             random() as rtech, random() as rsecond, random() as rother, random() as rcancel, random() as routside
           from generate_series(1, $2::int) g
         ) r
         join bench_project p on p.n = 1 + floor(r.rp * (select count(*) from bench_project))::int
         left join bench_crew t on t.location_id = p.location_id
         cross join (select array_agg(id order by email) as a from member where organization_id = $1 and password_hash is null) c
         cross join lateral (
           select case when r.rtech < 0.85 and t.ids is not null then t.ids[1 + floor(r.rtech / 0.85 * array_length(t.ids, 1))::int]
                       else c.a[1 + floor(r.rother * array_length(c.a, 1))::int] end as first,
                  c.a[1 + floor(r.rsecond * 10 * array_length(c.a, 1))::int % array_length(c.a, 1)] as second
         ) w
         cross join lateral (
           select d0 + case when extract(isodow from d0) = 7 and r.routside < 0.9 then -2 else 0 end as d
           from (select (now() at time zone ${zone})::date - 1004 + floor(r.rday * 1096)::int as d0) x
         ) dd
         cross join lateral (
           select 2 + floor(r.rdur * 5)::int as slots, extract(isodow from dd.d) = 6 as saturday
         ) du
         cross join lateral (
           select case when r.kind < 0.02 then 'unscheduled' when r.kind < 0.07 then 'day' else 'timed' end as kind,
             dd.d,
             case when r.kind < 0.07 then dd.d::timestamp
                  else dd.d + interval '30 minutes' * (
                    case when r.routside < 0.08 then 12 + floor(r.rslot * (40 - 12 - du.slots + 1))::int
                         when du.saturday then 16 + floor(r.rslot * (24 - 16 - du.slots + 1))::int
                         else 16 + floor(r.rslot * (34 - 16 - du.slots + 1))::int end) end as local_start,
             case when r.kind < 0.07 then (dd.d + 1)::timestamp end as day_end,
             now() - interval '1 year' * r.rother as created
         ) s0
         cross join lateral (
           select s0.kind, s0.d, s0.created, s0.local_start,
             coalesce(s0.day_end, s0.local_start + interval '30 minutes' * du.slots) as local_end
         ) s`,
        [organizationId, size.visits],
      ),
    );
    await step("visit_member rows", () =>
      client.query(
        `insert into visit_member (organization_id, visit_id, project_id, member_id, span_start, span_end, timed, status)
         select v.organization_id, v.id, v.project_id, m, v.span_start, v.span_end, v.start_at is not null, v.status
         from visit v cross join unnest(v.members) m where v.organization_id = $1`,
        [organizationId],
      ),
    );
    await step("time off", () =>
      client.query(
        `insert into time_off (organization_id, member_id, all_day, start_at, end_at, start_day, end_day, reason)
         select $1, c.a[1 + (r.g % array_length(c.a, 1))], r.all_day,
           case when r.all_day then r.d::timestamp at time zone ${zone} else (r.d + interval '1 hour' * (8 + r.h)) at time zone ${zone} end,
           case when r.all_day then (r.d + 1 + r.len)::timestamp at time zone ${zone} else (r.d + interval '1 hour' * (10 + r.h)) at time zone ${zone} end,
           case when r.all_day then r.d end, case when r.all_day then r.d + r.len end,
           case when r.all_day then 'Holiday' else 'Appointment' end
         from (
           select g, random() < 0.7 as all_day, (now() at time zone ${zone})::date - 1004 + floor(random() * 1096)::int as d,
             floor(random() * random() * 10)::int as len, floor(random() * 6)::int as h
           from generate_series(1, 48 * (select count(*) from member where organization_id = $1 and password_hash is null)::int) g
         ) r
         cross join (select array_agg(id order by email) as a from member where organization_id = $1 and password_hash is null) c`,
        [organizationId],
      ),
    );
  });
}
