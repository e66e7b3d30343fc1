import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, type Db } from "@/db/client";
import { ApiError } from "@/lib/server/errors";
import { findItem, requireReference } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { createMember } from "@/lib/services/member";
import { roleEntity } from "@/lib/entities/role";
import { uniqueEmail } from "@/test/api";
import { signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

async function adminSession() {
  const org = await signUpOrganization(mailbox);
  const session: SessionContext = {
    sessionId: crypto.randomUUID(),
    organizationId: org.organizationId,
    memberId: org.view.member.id,
    locationId: null,
    memberLocationId: null,
    roleId: org.view.member.role as string,
    privileges: new Set(["admin"]),
  };
  return { session, roleId: org.view.member.role as string };
}

/** Runs `work` on a transaction whose last statement failed: every further statement fails in the database. */
async function inFailedTransaction(work: (tx: Db) => Promise<unknown>) {
  const db = await getDb();
  let failure: unknown;
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`select 1 / 0`).catch(() => undefined);
      await work(tx).catch((error: unknown) => {
        failure = error;
      });
      throw new Error("roll back");
    })
    .catch(() => undefined);
  return failure;
}

describe("references named by input", () => {
  it("finds what the session may see and answers null otherwise", async () => {
    const { session, roleId } = await adminSession();
    const db = await getDb();
    expect(await findItem(db, session, roleEntity, roleId)).toMatchObject({ id: roleId });
    expect(await findItem(db, session, roleEntity, crypto.randomUUID())).toBeNull();
    const other = await adminSession();
    expect(await findItem(db, other.session, roleEntity, roleId)).toBeNull();
    await expect(
      requireReference(db, other.session, roleEntity, roleId, { path: "role", unknown: "This role does not exist" }),
    ).rejects.toMatchObject({ status: 400, extra: { errors: [{ path: "role", message: "This role does not exist" }] } });
  });

  it("lets a database failure through instead of calling the reference unknown", async () => {
    const { session, roleId } = await adminSession();
    const direct = await inFailedTransaction((tx) =>
      requireReference(tx, session, roleEntity, roleId, { path: "role", unknown: "This role does not exist" }),
    );
    const viaMember = await inFailedTransaction((tx) =>
      createMember(tx, session, { name: "New Member", email: uniqueEmail(), role: roleId }),
    );
    for (const failure of [direct, viaMember]) {
      expect(failure).toBeInstanceOf(Error);
      expect(failure).not.toBeInstanceOf(ApiError);
    }
  });
});
