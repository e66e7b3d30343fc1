import crypto from "node:crypto";
import { eq, like } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/db/client";
import { rateLimit } from "@/db/schema/auth";
import { publicLink } from "@/db/schema/document";
import { organization } from "@/db/schema/organization";
import { z } from "@/lib/schemas/z";
import { call, randomIp } from "@/test/api";
import { createPublicLink, resolvePublicLink, revokePublicLinks, type PublicLinkKind } from "./public-link";
import { publicActor, publicDocumentRoute } from "./public-route";

async function newOrganization() {
  const db = await getDb();
  const [row] = await db.insert(organization).values({ name: "Acme Plumbing" }).returning({ id: organization.id });
  return row.id;
}

async function newLink(kind: PublicLinkKind = "quote", expiresAt: Date | null = new Date(Date.now() + 86_400_000)) {
  const organizationId = await newOrganization();
  const documentId = crypto.randomUUID();
  const db = await getDb();
  const { id, token } = await db.transaction((tx) => createPublicLink(tx, { organizationId, kind, documentId, expiresAt }));
  return { id, token, organizationId, documentId };
}

// What the quote's public routes will be: the handler answers what it was handed.
const seen: unknown[] = [];
const quotePage = publicDocumentRoute("quote", {}, async ({ document, actor }) => {
  seen.push({ document, actor });
  return document;
});
const quoteAnswer = publicDocumentRoute("quote", { body: z.strictObject({ answer: z.enum(["approve", "decline"]) }) }, async ({ document, body }) => ({
  ...document,
  answer: body.answer,
}));

const open = (token: string, ip = randomIp(), headers: Record<string, string> = {}) =>
  call(quotePage, "GET", `/public/quote/${token}`, { params: { token }, ip, headers });

const NOT_FOUND = { status: 404, message: "Link not found", resource: "Link" };

/** Any database access fails the test: what must be answered without one. */
const noDatabase = new Proxy({} as Db, {
  get(_, name) {
    throw new Error(`The database was asked (${String(name)})`);
  },
});

afterEach(() => {
  delete process.env.PUBLIC_LINK_RATE_LIMIT;
  delete process.env.PUBLIC_LINK_ADDRESS_RATE_LIMIT;
});

describe("public links", () => {
  it("open their one document with no session, keeping only the token's hash, with noindex on the answer", async () => {
    const link = await newLink();
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(link.token, "base64url")).toHaveLength(32);
    const res = await open(link.token, "10.9.8.7", { "user-agent": "Phone Browser 1.0" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ organizationId: link.organizationId, documentId: link.documentId });
    expect(res.headers.get("x-robots-tag")).toContain("noindex");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(seen.at(-1)).toMatchObject({ actor: { address: "10.9.8.7", userAgent: "Phone Browser 1.0" } });

    const db = await getDb();
    const [row] = await db.select().from(publicLink).where(eq(publicLink.id, link.id));
    expect(row.tokenHash).toBe(crypto.createHash("sha256").update(link.token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(link.token);
    expect(row.lastSeenAt).not.toBeNull();
  });

  it("take a body through the route kernel, and the one document still comes from the token", async () => {
    const link = await newLink();
    const res = await call(quoteAnswer, "POST", `/public/quote/${link.token}`, { params: { token: link.token }, body: { answer: "approve" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ organizationId: link.organizationId, documentId: link.documentId, answer: "approve" });
    const bad = await call(quoteAnswer, "POST", `/public/quote/${link.token}`, { params: { token: link.token }, body: { answer: "maybe", organizationId: "x" } });
    expect(bad.status).toBe(400);
    expect(bad.headers.get("x-robots-tag")).toContain("noindex");
  });

  it("answer the same 404 for an unknown token, a link of another kind, a revoked and an expired one", async () => {
    const invoice = await newLink("invoice");
    const expired = await newLink("quote", new Date(Date.now() - 1000));
    const revoked = await newLink();
    const db = await getDb();
    // Another document's link of the same organization stays.
    const kept = await createPublicLink(db, { organizationId: revoked.organizationId, kind: "quote", documentId: crypto.randomUUID(), expiresAt: null });
    expect(await revokePublicLinks(db, revoked.organizationId, "quote", revoked.documentId)).toBe(1);
    expect(await revokePublicLinks(db, revoked.organizationId, "quote", revoked.documentId)).toBe(0);
    const unknown = crypto.randomBytes(32).toString("base64url");
    for (const token of [unknown, invoice.token, expired.token, revoked.token]) {
      const res = await open(token);
      expect(res.status, token).toBe(404);
      expect(res.body, token).toEqual(NOT_FOUND);
      expect(res.headers.get("x-robots-tag")).toContain("noindex");
    }
    expect((await open(kept.token)).status).toBe(200);
    expect(await resolvePublicLink(db, invoice.token, "invoice")).toMatchObject({ organizationId: invoice.organizationId, documentId: invoice.documentId });
  });

  it("refuse a token of the wrong shape with that 404 before the database is asked", async () => {
    const link = await newLink();
    const malformed = [link.token.slice(0, 42), `${link.token}A`, `${link.token.slice(0, 42)}=`, `${link.token.slice(0, 42)}/`, "x".repeat(10_000), "", "~".repeat(43), "a".repeat(42) + "!"];
    for (const token of malformed) {
      await expect(resolvePublicLink(noDatabase, token, "quote"), token).rejects.toMatchObject({ status: 404 });
    }
    const ip = randomIp();
    for (const token of malformed.filter(Boolean)) {
      const res = await open(token, ip);
      expect(res.status, token).toBe(404);
      expect(res.body, token).toEqual(NOT_FOUND);
      expect(res.headers.get("x-robots-tag")).toContain("noindex");
    }
    // Nothing was counted for the address either: the route did not reach the database.
    const db = await getDb();
    expect(await db.select().from(rateLimit).where(like(rateLimit.key, `%${ip}`))).toEqual([]);
  });

  it("answer 429 with Retry-After past a link's limit, from any address", async () => {
    process.env.PUBLIC_LINK_RATE_LIMIT = "3";
    const link = await newLink();
    for (let i = 0; i < 3; i += 1) expect((await open(link.token)).status).toBe(200);
    const res = await open(link.token);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(res.headers.get("x-robots-tag")).toContain("noindex");
    // Another link is counted on its own.
    expect((await open((await newLink()).token)).status).toBe(200);
  });

  it("answer 429 past an address's limit, counting its guesses too", async () => {
    process.env.PUBLIC_LINK_ADDRESS_RATE_LIMIT = "2";
    const link = await newLink();
    const ip = randomIp();
    expect((await open(crypto.randomBytes(32).toString("base64url"), ip)).status).toBe(404);
    expect((await open(link.token, ip)).status).toBe(200);
    const res = await open(link.token, ip);
    expect(res.status).toBe(429);
    expect(res.headers.get("x-robots-tag")).toContain("noindex");
    expect((await open(link.token)).status).toBe(200);
  });
});

describe("publicActor", () => {
  it("names the address, a bounded user agent and the time", () => {
    const before = Date.now();
    const actor = publicActor(new Request("http://localhost/x", { headers: { "x-craftdesk-peer": "192.0.2.1", "user-agent": "A".repeat(2000) } }));
    expect(actor.address).toBe("192.0.2.1");
    expect(actor.userAgent).toHaveLength(512);
    expect(actor.at.getTime()).toBeGreaterThanOrEqual(before);
    expect(publicActor(new Request("http://localhost/x", { headers: { "x-craftdesk-peer": "192.0.2.1" } })).userAgent).toBeNull();
  });
});
