// One busy day of one location for the Day view of the dispatch board (npm run bench:web):
// 30 active members at the location and 400 visits on a fixed day, written by set-based SQL
// after the main seed. Idempotent: members are topped up to 30 and the day's visits to 400.
import type { Pool } from "pg";
import { BENCH_ZONE } from "./seed";

/** The location: the last branch, so the staff member's location (the first) keeps its numbers. */
export const SCHEDULE_LOCATION = "Branch 40";
/** A Wednesday; the Day view opens it with /schedule?date=…. */
export const SCHEDULE_DAY = "2026-12-02";
export const SCHEDULE_MEMBERS = 30;
export const SCHEDULE_VISITS = 400;

export type ScheduleDay = { locationId: string; day: string; members: number; visits: number };

/**
 * Tops the location up to SCHEDULE_MEMBERS active members (new ones cannot log in) and its
 * day up to SCHEDULE_VISITS visits. Each new visit is at a project of the location, timed
 * 1 to 3 hours within 08:00–17:00 at the organization's wall clock, for one of the
 * location's members in turn. The database's triggers copy the project's location, sharing
 * and customer into the visit and write its visit_member rows.
 */
export async function seedScheduleDay(pool: Pool, organizationId: string): Promise<ScheduleDay> {
  const client = await pool.connect();
  try {
    await client.query("begin");
    const { rows } = await client.query<{ id: string }>("select id from location where organization_id = $1 and name = $2", [
      organizationId,
      SCHEDULE_LOCATION,
    ]);
    if (!rows[0]) throw new Error(`The benchmark organization has no location ${SCHEDULE_LOCATION}`);
    const locationId = rows[0].id;
    await client.query("select setseed(0.3030)");
    const members = await client.query(
      `insert into member (organization_id, name, email, role_id, location_id, sharing)
       select $1, 'Dispatch Tech ' || lpad(g::text, 2, '0'), 'dispatch' || lpad(g::text, 2, '0') || '@craftdesk.test',
         (select id from role where organization_id = $1 and name = 'Staff'), $2, '{"default":"view","locations":[]}'
       from generate_series(1, $3::int - (select count(*) from member where organization_id = $1 and location_id = $2 and status = 'active')::int) g`,
      [organizationId, locationId, SCHEDULE_MEMBERS],
    );
    const zone = `'${BENCH_ZONE}'`;
    const visits = await client.query(
      `with crew as (
         select array_agg(id order by email) as ids from member where organization_id = $1 and location_id = $2 and status = 'active'
       ), projects as (
         select array_agg(id order by id) as ids from (
           select id from project where organization_id = $1 and location_id = $2 order by id limit 1000) p
       ), slots as (
         select g, 2 + floor(random() * 5)::int as slots, random() as rslot, random() as rproject, random() as rsecond
         from generate_series(1, $4::int - (
           select count(*) from visit where organization_id = $1 and location_id = $2
             and span_start < (($3::date + 1)::timestamp at time zone ${zone}) and span_end > ($3::date::timestamp at time zone ${zone}))::int) g
       ), timed as (
         select s.g, s.rproject, s.rsecond, $3::date + interval '30 minutes' * (16 + floor(s.rslot * (34 - 16 - s.slots + 1))::int) as local_start, s.slots
         from slots s
       )
       insert into visit (organization_id, project_id, time_zone, start_at, end_at, span_start, span_end, local_start, local_end, members, status)
       select $1, p.ids[1 + floor(t.rproject * array_length(p.ids, 1))::int], ${zone},
         t.local_start at time zone ${zone}, (t.local_start + interval '30 minutes' * t.slots) at time zone ${zone},
         t.local_start at time zone ${zone}, (t.local_start + interval '30 minutes' * t.slots) at time zone ${zone},
         t.local_start, t.local_start + interval '30 minutes' * t.slots,
         case when t.rsecond < 0.1 then array[c.ids[1 + (t.g % array_length(c.ids, 1))], c.ids[1 + ((t.g + 7) % array_length(c.ids, 1))]]
              else array[c.ids[1 + (t.g % array_length(c.ids, 1))]] end,
         'scheduled'
       from timed t cross join crew c cross join projects p`,
      [organizationId, locationId, SCHEDULE_DAY, SCHEDULE_VISITS],
    );
    await client.query("commit");
    if ((members.rowCount ?? 0) > 0 || (visits.rowCount ?? 0) > 0) {
      console.log(`Schedule day ${SCHEDULE_DAY} at ${SCHEDULE_LOCATION}: ${members.rowCount} members and ${visits.rowCount} visits added.`);
      await pool.query("analyze visit, visit_member, member");
    }
    const counts = await pool.query<{ members: string; visits: string }>(
      `select (select count(*) from member where organization_id = $1 and location_id = $2 and status = 'active') as members,
         (select count(*) from visit where organization_id = $1 and location_id = $2
            and span_start < (($3::date + 1)::timestamp at time zone ${zone}) and span_end > ($3::date::timestamp at time zone ${zone})) as visits`,
      [organizationId, locationId, SCHEDULE_DAY],
    );
    return { locationId, day: SCHEDULE_DAY, members: Number(counts.rows[0].members), visits: Number(counts.rows[0].visits) };
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
