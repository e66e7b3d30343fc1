import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { file } from "@/db/schema/file";
import { GET as download } from "@/app/api/api/file/[id]/download/route";
import { GET as getOne } from "@/app/api/api/file/[id]/route";
import { POST as upload } from "@/app/api/api/file/route";
import { PATCH as patchOrganization, GET as getOrganization } from "@/app/api/api/organization/[id]/route";
import { call } from "@/test/api";
import { expectResponsiveDuring } from "@/test/responsive";
import { addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1]);
const SVG = new TextEncoder().encode('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') as Uint8Array<ArrayBuffer>;

function form(bytes: Uint8Array<ArrayBuffer>, name: string, type = "application/octet-stream") {
  const data = new FormData();
  data.set("file", new File([bytes], name, { type }));
  return data;
}

describe("files", () => {
  it("stores an upload typed by its bytes and serves it back safely", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    // The browser claims text; the bytes are a PNG.
    const res = await call(upload, "POST", "/file", { cookie, body: form(PNG, "logo.txt", "text/plain") });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "logo.txt", mimetype: "image/png", size: PNG.length, removed: false });

    const details = await call(getOne, "GET", `/file/${res.body.id}`, { cookie, params: { id: res.body.id } });
    expect(details.body.mimetype).toBe("image/png");

    const req = new Request(`http://localhost:3000/api/api/file/${res.body.id}/download`, { headers: { cookie } });
    const got = await download(req, { params: Promise.resolve({ id: res.body.id }) });
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("image/png");
    expect(got.headers.get("x-content-type-options")).toBe("nosniff");
    expect(got.headers.get("content-disposition")).toBe("inline; filename*=UTF-8''logo.txt");
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(PNG);
  });

  it("serves SVG with a sandboxing policy", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const res = await call(upload, "POST", "/file", { cookie, body: form(SVG, "evil.svg") });
    expect(res.body.mimetype).toBe("image/svg+xml");
    const req = new Request(`http://localhost:3000/api/api/file/${res.body.id}/download`, { headers: { cookie } });
    const got = await download(req, { params: Promise.resolve({ id: res.body.id }) });
    expect(got.headers.get("content-security-policy")).toContain("sandbox");
    expect(got.headers.get("content-security-policy")).toContain("default-src 'none'");
  });

  it("types a file of nested-looking comments without holding other requests", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const hostile = new TextEncoder().encode("<!---->".repeat(29) + "x") as Uint8Array<ArrayBuffer>;
    const res = await expectResponsiveDuring(() => call(upload, "POST", "/file", { cookie, body: form(hostile, "comments.svg") }), 200);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ mimetype: "text/plain", size: 204 });
  });

  it("refuses empty, missing and oversized uploads", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const empty = await call(upload, "POST", "/file", { cookie, body: form(new Uint8Array(), "empty.png") });
    expect(empty.status).toBe(400);
    const missing = await call(upload, "POST", "/file", { cookie, body: new FormData() });
    expect(missing.body.errors).toEqual([{ path: "file", message: "Choose a file to upload" }]);
    process.env.FILE_MAX_BYTES = "10";
    try {
      const big = await call(upload, "POST", "/file", { cookie, body: form(PNG, "big.png") });
      expect(big.status).toBe(413);
    } finally {
      delete process.env.FILE_MAX_BYTES;
    }
  });

  it("keeps files inside their organization and needs a session", async () => {
    const mine = await signUpOrganization(mailbox);
    const other = await signUpOrganization(mailbox, "Other Co");
    const res = await call(upload, "POST", "/file", { cookie: mine.cookie, body: form(PNG, "a.png") });
    expect((await call(getOne, "GET", `/file/${res.body.id}`, { cookie: other.cookie, params: { id: res.body.id } })).status).toBe(404);
    const req = new Request(`http://localhost:3000/api/api/file/${res.body.id}/download`, { headers: { cookie: other.cookie } });
    expect((await download(req, { params: Promise.resolve({ id: res.body.id }) })).status).toBe(404);
    expect((await call(upload, "POST", "/file", { body: form(PNG, "a.png") })).status).toBe(401);
  });
});

describe("PATCH /organization/{id}", () => {
  it("changes the profile with history, and uses an uploaded image", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const image = await call(upload, "POST", "/file", { cookie, body: form(PNG, "logo.png") });
    const res = await call(patchOrganization, "PATCH", `/organization/${organizationId}`, {
      cookie,
      params: { id: organizationId },
      body: { name: "Acme Heating", color: "#e5484d", image: image.body.id },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Acme Heating", color: "#E5484D", image: image.body.id });
    expect((await call(getOrganization, "GET", `/organization/${organizationId}`, { cookie, params: { id: organizationId } })).body.name).toBe(
      "Acme Heating",
    );
  });

  it("refuses a file that is not an image, a bad color and unknown keys", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const text = await call(upload, "POST", "/file", { cookie, body: form(new TextEncoder().encode("hello") as Uint8Array<ArrayBuffer>, "a.txt") });
    const res = await call(patchOrganization, "PATCH", `/organization/${organizationId}`, {
      cookie,
      params: { id: organizationId },
      body: { image: text.body.id },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBe("Use a jpeg, png, gif, webp, svg or bmp image");
    const color = await call(patchOrganization, "PATCH", `/organization/${organizationId}`, {
      cookie,
      params: { id: organizationId },
      body: { color: "blue", colour: "red" },
    });
    expect(color.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(["", "color"]);
  });

  it("needs admin and its own organization", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const other = await signUpOrganization(mailbox, "Other Co");
    const staff = await addMember(organizationId, { privileges: ["members_manage"] });
    const staffCookie = await logInAs(staff.email);
    const denied = await call(patchOrganization, "PATCH", `/organization/${organizationId}`, {
      cookie: staffCookie,
      params: { id: organizationId },
      body: { name: "Hacked" },
    });
    expect(denied.body).toEqual({ status: 403, message: "Permission required", permission: "admin" });
    const foreign = await call(patchOrganization, "PATCH", `/organization/${other.organizationId}`, {
      cookie,
      params: { id: other.organizationId },
      body: { name: "Hacked" },
    });
    expect(foreign.status).toBe(404);
    const db = await getDb();
    expect(await db.select().from(file).where(eq(file.organizationId, organizationId))).toHaveLength(0);
    expect((await call(getOrganization, "GET", `/organization/${other.organizationId}`, { cookie: other.cookie, params: { id: other.organizationId } })).body.name).toBe(
      "Other Co",
    );
  });
});
