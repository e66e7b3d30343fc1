import { describe, expect, it } from "vitest";
import { GET as ready } from "@/app/api/api/health/ready/route";
import { startJobs, stopJobs } from "@/lib/server/jobs";
import { pendingMigrations } from "@/lib/server/readiness";
import { call } from "@/test/api";

const OK = { database: { ok: true }, migrations: { ok: true }, jobs: { ok: true } };

describe("GET /health/ready", () => {
  it("is ready once the database is migrated and the jobs run, and says which check fails otherwise", async () => {
    await startJobs({ schedules: false });
    const up = await call(ready, "GET", "/health/ready", { cookie: "craftdesk_session=not-a-seal" });
    expect(up).toMatchObject({ status: 200, body: { status: "ready", checks: OK } });
    expect(up.cookie, "no session is read or cleared").toBeUndefined();

    await stopJobs();
    const down = await call(ready, "GET", "/health/ready");
    expect(down.status).toBe(503);
    expect(down.body).toEqual({
      status: 503,
      message: "Not ready: jobs",
      checks: { ...OK, jobs: { ok: false, message: "The background jobs are not running" } },
    });

    await startJobs({ schedules: false });
    expect((await call(ready, "GET", "/health/ready")).status).toBe(200);
  });

  it("counts a migration of the build newer than the last one applied as pending", () => {
    const entries = [
      { tag: "0000_init", when: 100 },
      { tag: "0001_next", when: 200 },
      { tag: "0002_last", when: 300 },
    ];
    expect(pendingMigrations(entries, [100, 200, 300])).toEqual([]);
    expect(pendingMigrations(entries, [100])).toEqual(["0001_next", "0002_last"]);
    expect(pendingMigrations(entries, [])).toEqual(["0000_init", "0001_next", "0002_last"]);
  });
});
