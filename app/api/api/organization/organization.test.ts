import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { mailbox as mailboxTable } from "@/db/schema/mailbox";
import { organization } from "@/db/schema/organization";
import { GET } from "@/app/api/api/organization/[id]/route";
import { call } from "@/test/api";
import { addLocation, addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

const getOrganization = (id: string, cookie?: string) =>
  call(GET, "GET", `/organization/${id}`, { cookie, params: { id } });

describe("GET /organization/{id}", () => {
  it("returns the session's own organization", async () => {
    const org = await signUpOrganization(mailbox, "Copper Pipes Ltd");
    const res = await getOrganization(org.organizationId, org.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: org.organizationId,
      name: "Copper Pipes Ltd",
      color: "#0090FF",
      image: null,
      language: "en-US",
      oauth: null,
    });
    const db = await getDb();
    const [row] = await db.select().from(organization).where(eq(organization.id, org.organizationId));
    expect(res.body.created).toBe(row.createdAt.toISOString());
  });

  it("is readable from a location-bound session without privileges", async () => {
    const org = await signUpOrganization(mailbox, "Branch Works");
    const north = await addLocation(org.organizationId, "North");
    const staff = await addMember(org.organizationId, { locationId: north.id });
    const cookie = await logInAs(staff.email);
    const res = await getOrganization(org.organizationId, cookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: org.organizationId, name: "Branch Works" });
  });

  it("answers 404 for another organization's id", async () => {
    const mine = await signUpOrganization(mailbox);
    const other = await signUpOrganization(mailbox, "Other Co");
    const res = await getOrganization(other.organizationId, mine.cookie);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: 404, message: "Organization not found", resource: "Organization" });
    expect(JSON.stringify(res.body)).not.toContain("Other Co");
  });

  it("answers 404 for an unknown or malformed id", async () => {
    const mine = await signUpOrganization(mailbox);
    const unknown = await getOrganization(crypto.randomUUID(), mine.cookie);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ status: 404, resource: "Organization" });
    const malformed = await getOrganization("abc", mine.cookie);
    expect(malformed.status).toBe(404);
    expect(malformed.body).toEqual({ status: 404, message: "Organization not found", resource: "Organization" });
  });

  it("answers 401 without a session", async () => {
    const org = await signUpOrganization(mailbox);
    const res = await getOrganization(org.organizationId);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ status: 401, message: "Unauthorized" });
  });

  it("never sends the stored oauth tokens", async () => {
    const org = await signUpOrganization(mailbox);
    const db = await getDb();
    await db
      .insert(mailboxTable)
      .values({ organizationId: org.organizationId, provider: "google", email: "x@y.test", credentials: "secret-refresh-token" });
    const res = await getOrganization(org.organizationId, org.cookie);
    expect(res.status).toBe(200);
    expect(res.body.oauth).toEqual({ type: "google", email: "x@y.test", status: "connected", last_sync_at: null, last_error: null });
    expect(JSON.stringify(res.body)).not.toContain("secret-refresh-token");
    expect(JSON.stringify(res.body)).not.toContain("tokens");
  });
});
