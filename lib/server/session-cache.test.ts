import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, getSqlExecutor } from "@/db/client";
import { session as sessionTable } from "@/db/schema/auth";
import { member } from "@/db/schema/member";
import { PATCH as patchMember } from "@/app/api/api/member/[id]/route";
import { GET } from "@/app/api/api/session/route";
import { call } from "@/test/api";
import { addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();
const onPostgres = Boolean(process.env.DATABASE_URL);

const status = async (cookie: string) => (await call(GET, "GET", "/session", { cookie })).status;

/** Deletes a member's sessions with triggers off: a change nobody is told of. */
async function deleteSilently(memberId: string) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.delete(sessionTable).where(eq(sessionTable.memberId, memberId));
  });
}

async function staffSession() {
  const { organizationId, cookie: ownerCookie } = await signUpOrganization(mailbox);
  const staff = await addMember(organizationId);
  const cookie = await logInAs(staff.email);
  return { ownerCookie, staff, cookie };
}

/**
 * A fresh session, once read, is kept: deleted with no notification, it still
 * answers until it would be read again. (Listening starts with the database, so
 * the first tries may find it not yet connected.)
 */
async function expectKept(staff: { email: string; member: { id: string } }) {
  await expect
    .poll(
      async () => {
        const fresh = await logInAs(staff.email);
        expect(await status(fresh)).toBe(200);
        await deleteSilently(staff.member.id);
        return status(fresh);
      },
      { timeout: 5000, interval: 200 },
    )
    .toBe(200);
}

describe("sessions kept between requests", () => {
  it("reads a session once while nothing that could change it is written", async () => {
    const { staff } = await staffSession();
    await expectKept(staff);
  });

  it("drops what it keeps when the database reports a change, from whichever instance", async () => {
    const { staff, cookie } = await staffSession();
    await expect.poll(() => status(cookie)).toBe(200);
    expect(await status(cookie)).toBe(200);
    const db = await getDb();
    await db.update(member).set({ status: "removed" }).where(eq(member.id, staff.member.id));
    await expect.poll(() => status(cookie)).toBe(401);
  });

  it("drops it at once after this instance's own write request", async () => {
    const { ownerCookie, staff, cookie } = await staffSession();
    await expect.poll(() => status(cookie)).toBe(200);
    const removed = await call(patchMember, "PATCH", `/member/${staff.member.id}`, {
      cookie: ownerCookie,
      params: { id: staff.member.id },
      body: { status: "removed" },
    });
    expect(removed.status).toBe(200);
    expect(await status(cookie)).toBe(401);
  });

  it.runIf(onPostgres)("keeps nothing while the listening connection is lost, and keeps again once it is back", async () => {
    const { staff, cookie } = await staffSession();
    await expect.poll(() => status(cookie)).toBe(200);
    const executor = await getSqlExecutor();
    await executor.executeSql(
      "select pg_terminate_backend(pid) from pg_stat_activity where pid <> pg_backend_pid() and datname = current_database() and query = 'LISTEN \"craftdesk_session_change\"'",
    );
    // The session is read on every request until the listener is back: a silent change is seen at once.
    await expect.poll(async () => {
      await deleteSilently(staff.member.id);
      return status(cookie);
    }).toBe(401);

    // Back after a second: a fresh session is kept again.
    await expectKept(staff);
  });
});
