import crypto from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { notification } from "@/db/schema/activity";
import { GET, PATCH } from "@/app/api/api/notification/route";
import { ApiError } from "@/lib/server/errors";
import { createNotification } from "@/lib/services/notification";
import { call } from "@/test/api";
import { addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

type NotificationInsert = typeof notification.$inferInsert;

async function addNotification(values: Omit<NotificationInsert, "title"> & { title?: string }) {
  const db = await getDb();
  const [row] = await db
    .insert(notification)
    .values({ title: "Something happened", ...values })
    .returning();
  return row;
}

async function rowsById(ids: string[]) {
  const db = await getDb();
  const rows = await db.select().from(notification).where(inArray(notification.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** An organization with its founder, a second member of it, and a member of another organization. */
async function arrange() {
  const org = await signUpOrganization(mailbox);
  const founderId = org.view.member.id as string;
  const colleague = await addMember(org.organizationId);
  const other = await signUpOrganization(mailbox, "Other Co");
  const base = Date.now() - 60_000;
  const oldest = await addNotification({
    organizationId: org.organizationId,
    memberId: founderId,
    title: "Oldest",
    content: "first",
    createdAt: new Date(base),
  });
  const newest = await addNotification({
    organizationId: org.organizationId,
    memberId: founderId,
    title: "Newest",
    content: "third",
    link: "/projects/42",
    read: true,
    createdAt: new Date(base + 2_000),
  });
  const middle = await addNotification({
    organizationId: org.organizationId,
    memberId: founderId,
    title: "Middle",
    content: "second",
    link: "/conversations/7",
    createdAt: new Date(base + 1_000),
  });
  const colleagues = await addNotification({
    organizationId: org.organizationId,
    memberId: colleague.member.id,
    title: "Colleague's",
    createdAt: new Date(base + 3_000),
  });
  const foreign = await addNotification({
    organizationId: other.organizationId,
    memberId: other.view.member.id,
    title: "Other organization's",
    createdAt: new Date(base + 4_000),
  });
  return { org, founderId, colleague, other, oldest, middle, newest, colleagues, foreign };
}

describe("GET /notification", () => {
  it("lists only the session member's notifications, newest first, with the documented fields", async () => {
    const { org, oldest, middle, newest } = await arrange();
    const res = await call(GET, "GET", "/notification", { cookie: org.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      items: [
        {
          id: newest.id,
          title: "Newest",
          content: "third",
          date: newest.createdAt.toISOString(),
          read: true,
          link: "/projects/42",
        },
        {
          id: middle.id,
          title: "Middle",
          content: "second",
          date: middle.createdAt.toISOString(),
          read: false,
          link: "/conversations/7",
        },
        {
          id: oldest.id,
          title: "Oldest",
          content: "first",
          date: oldest.createdAt.toISOString(),
          read: false,
          link: null,
        },
      ],
    });
  });

  it("shows another member of the same organization only their own", async () => {
    const { colleague, colleagues } = await arrange();
    const cookie = await logInAs(colleague.email);
    const res = await call(GET, "GET", "/notification", { cookie });
    expect(res.status).toBe(200);
    expect(res.body.items.map((item: { id: string }) => item.id)).toEqual([colleagues.id]);
  });

  it("returns an empty list for a member without notifications", async () => {
    const org = await signUpOrganization(mailbox);
    const res = await call(GET, "GET", "/notification", { cookie: org.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: [] });
  });

  it("answers 401 without a session", async () => {
    const res = await call(GET, "GET", "/notification");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ status: 401, message: "Unauthorized" });
  });
});

describe("notification links", () => {
  const hostile = ["javascript:alert(document.cookie)", "//evil.example/phish", "https://evil.example/", "/\\evil.example"];

  it("are stored only when they are paths of this app (400 on link otherwise), nothing stored", async () => {
    const org = await signUpOrganization(mailbox);
    const target = { organizationId: org.organizationId, memberId: org.view.member.id as string };
    for (const link of hostile) {
      const refused = await createNotification(await getDb(), target, { title: "Click me", link }).catch((error: unknown) => error);
      expect(refused, link).toBeInstanceOf(ApiError);
      expect((refused as ApiError).status).toBe(400);
      expect((refused as ApiError).extra.errors).toEqual([expect.objectContaining({ path: "link", message: "validation.appPath" })]);
    }
    const db = await getDb();
    expect(await db.select().from(notification).where(eq(notification.memberId, target.memberId))).toEqual([]);

    const kept = await createNotification(db, target, { title: "Project moved", link: "/project/42" });
    const res = await call(GET, "GET", "/notification", { cookie: org.cookie });
    expect(res.body.items).toMatchObject([{ id: kept.id, title: "Project moved", link: "/project/42" }]);
  });

  it("that are not paths of this app are not handed out, whatever an older row holds", async () => {
    const org = await signUpOrganization(mailbox);
    const memberId = org.view.member.id as string;
    for (const link of hostile) await addNotification({ organizationId: org.organizationId, memberId, title: link, link });
    const res = await call(GET, "GET", "/notification", { cookie: org.cookie });
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(hostile.length);
    for (const item of res.body.items) expect(item.link, item.title).toBeNull();
  });
});

describe("PATCH /notification", () => {
  it("marks only the member's own notifications read", async () => {
    const { org, oldest, middle, colleagues, foreign } = await arrange();
    const res = await call(PATCH, "PATCH", "/notification", {
      cookie: org.cookie,
      body: { read: [middle.id, colleagues.id, foreign.id] },
    });
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();

    const rows = await rowsById([oldest.id, middle.id, colleagues.id, foreign.id]);
    expect(rows.get(middle.id)?.read).toBe(true);
    expect(rows.get(oldest.id)?.read).toBe(false);
    expect(rows.get(colleagues.id)?.read).toBe(false);
    expect(rows.get(foreign.id)?.read).toBe(false);

    const list = await call(GET, "GET", "/notification", { cookie: org.cookie });
    const read = Object.fromEntries(list.body.items.map((item: { id: string; read: boolean }) => [item.id, item.read]));
    expect(read[middle.id]).toBe(true);
    expect(read[oldest.id]).toBe(false);
  });

  it("removes only the member's own notifications", async () => {
    const { org, oldest, middle, newest, colleagues, foreign } = await arrange();
    const res = await call(PATCH, "PATCH", "/notification", {
      cookie: org.cookie,
      body: { remove: [oldest.id, colleagues.id, foreign.id] },
    });
    expect(res.status).toBe(204);

    const rows = await rowsById([oldest.id, middle.id, newest.id, colleagues.id, foreign.id]);
    expect(rows.has(oldest.id)).toBe(false);
    expect(rows.has(middle.id)).toBe(true);
    expect(rows.has(newest.id)).toBe(true);
    expect(rows.get(colleagues.id)?.title).toBe("Colleague's");
    expect(rows.get(foreign.id)?.title).toBe("Other organization's");

    const list = await call(GET, "GET", "/notification", { cookie: org.cookie });
    expect(list.body.items.map((item: { id: string }) => item.id)).toEqual([newest.id, middle.id]);
  });

  it("ignores ids that do not exist", async () => {
    const { org, oldest } = await arrange();
    const res = await call(PATCH, "PATCH", "/notification", {
      cookie: org.cookie,
      body: { read: [crypto.randomUUID(), oldest.id], remove: [crypto.randomUUID()] },
    });
    expect(res.status).toBe(204);
    expect((await rowsById([oldest.id])).get(oldest.id)?.read).toBe(true);
  });

  it("rejects an empty body with 400 and changes nothing", async () => {
    const { org, oldest } = await arrange();
    const res = await call(PATCH, "PATCH", "/notification", { cookie: org.cookie, body: {} });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 400, message: "Invalid input" });
    expect(res.body.errors).toEqual([{ path: "", message: "Give read or remove" }]);
    expect((await rowsById([oldest.id])).get(oldest.id)?.read).toBe(false);
  });

  it("rejects a malformed id with 400 naming its position, and changes nothing", async () => {
    const { org, oldest, middle } = await arrange();
    const res = await call(PATCH, "PATCH", "/notification", {
      cookie: org.cookie,
      body: { read: [oldest.id, "not-a-uuid"] },
    });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: "read.1", message: "Must be an id" }]);

    const first = await call(PATCH, "PATCH", "/notification", { cookie: org.cookie, body: { remove: ["abc"] } });
    expect(first.status).toBe(400);
    expect(first.body.errors).toEqual([{ path: "remove.0", message: "Must be an id" }]);

    const rows = await rowsById([oldest.id, middle.id]);
    expect(rows.get(oldest.id)?.read).toBe(false);
    expect(rows.has(middle.id)).toBe(true);
  });

  it("rejects unknown keys with 400", async () => {
    const { org, oldest } = await arrange();
    const res = await call(PATCH, "PATCH", "/notification", {
      cookie: org.cookie,
      body: { read: [oldest.id], archive: [oldest.id] },
    });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe(400);
    expect(res.body.errors).toContainEqual({ path: "", message: "Unknown field: archive" });
    expect((await rowsById([oldest.id])).get(oldest.id)?.read).toBe(false);
  });

  it("answers 401 without a session and changes nothing", async () => {
    const { oldest } = await arrange();
    const res = await call(PATCH, "PATCH", "/notification", { body: { read: [oldest.id], remove: [oldest.id] } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ status: 401, message: "Unauthorized" });
    const rows = await rowsById([oldest.id]);
    expect(rows.get(oldest.id)?.read).toBe(false);
  });
});
