import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { GET as download } from "@/app/api/api/file/[id]/download/route";
import { GET as getOne, PATCH as patchFile } from "@/app/api/api/file/[id]/route";
import { GET as list, POST as upload } from "@/app/api/api/file/route";
import { GET as stats } from "@/app/api/api/file_stats/route";
import { GET as history } from "@/app/api/api/history/route";
import { PATCH as patchMember } from "@/app/api/api/member/[id]/route";
import { PATCH as patchOrganization } from "@/app/api/api/organization/[id]/route";
import { dataDir } from "@/lib/server/env";
import { openStoredFile } from "@/lib/server/storage";
import { call, ORIGIN } from "@/test/api";
import { makeCustomer, postMessage, startWithNote } from "@/test/conversations";
import { pointEnv } from "@/test/env";
import { addLocation, addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { describeEachStorage } from "@/test/storage-drivers";

const mailbox = useSmtpCatcher();

const bytes = (text: string) => new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1]);
const PDF = bytes("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");
const TEXT = bytes("Boiler serviced, next visit in March.\n");
// An MP4's first box: size, "ftyp", brand "isom".
const MP4 = Uint8Array.from([0, 0, 0, 0x18, ...bytes("ftypisom"), 0, 0, 2, 0, ...bytes("isomiso2")]);
const ZIP = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 8, 0, 1, 2, 3, 4]);

function form(content: Uint8Array, name: string) {
  const data = new FormData();
  data.set("file", new File([content as Uint8Array<ArrayBuffer>], name));
  return data;
}

async function uploaded(cookie: string, content: Uint8Array, name: string) {
  const res = await call(upload, "POST", "/file", { cookie, body: form(content, name) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; name: string; size: number; mimetype: string };
}

const fetchBytes = (cookie: string, id: string) =>
  download(new Request(`${ORIGIN}/api/api/file/${id}/download`, { headers: { cookie } }), { params: Promise.resolve({ id }) });

const listed = async (cookie: string, query: Record<string, string> = {}) => {
  const res = await call(list, "GET", "/file", { cookie, query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items as { id: string; name: string; removed: boolean }[];
};

/** Whether the driver holds the file's bytes (the stream is let go at once). */
async function stored(organizationId: string, id: string) {
  const object = await openStoredFile(organizationId, id);
  await object?.body.cancel();
  return object !== null;
}

const remove = (cookie: string, id: string, removed: unknown = true) =>
  call(patchFile, "PATCH", `/file/${id}`, { cookie, params: { id }, body: { removed } });

describeEachStorage("files", (driver) => {
  it("stores uploads and serves them back whole, streamed", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    // Past a single stream chunk, with every byte value.
    const large = Uint8Array.from({ length: 300_000 }, (_, i) => (i * 7) % 256);
    const saved = await uploaded(cookie, large, "scan.bin");
    expect(saved).toMatchObject({ size: large.length, mimetype: "application/octet-stream" });
    expect(await stored(organizationId, saved.id)).toBe(true);
    // Bytes on a bucket never touch the local directory.
    expect(fs.existsSync(path.join(dataDir(), "files", organizationId, saved.id))).toBe(driver === "local directory");
    const got = await fetchBytes(cookie, saved.id);
    expect(got.status).toBe(200);
    expect(got.headers.get("content-length")).toBe(String(large.length));
    expect(got.headers.get("content-disposition")).toBe("attachment; filename*=UTF-8''scan.bin");
    expect(got.body).toBeInstanceOf(ReadableStream);
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(large);
  });

  it("lists the organization's files with search, sorts, paging and the removed filter", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const image = await uploaded(cookie, PNG, "Kitchen before.png");
    const pdf = await uploaded(cookie, PDF, "quote-114.pdf");
    const text = await uploaded(cookie, TEXT, "notes.txt");
    expect((await listed(cookie)).map((f) => f.id)).toEqual([text.id, pdf.id, image.id]);
    expect((await listed(cookie, { sort: "size:asc" })).map((f) => f.id)).toEqual([image.id, text.id, pdf.id]);
    expect((await listed(cookie, { sort: "name:asc" })).map((f) => f.name)).toEqual(["Kitchen before.png", "notes.txt", "quote-114.pdf"]);
    expect((await listed(cookie, { search: "QUOTE" })).map((f) => f.id)).toEqual([pdf.id]);
    // The user's text is taken literally.
    expect(await listed(cookie, { search: "%" })).toEqual([]);
    const page = await call(list, "GET", "/file", { cookie, query: { sort: "name:asc", limit: "2", skip: "2" } });
    expect(page.body).toMatchObject({ items: [{ name: "quote-114.pdf" }], more: false });
    expect((await call(list, "GET", "/file", { cookie, query: { limit: "2" } })).body.more).toBe(true);
    expect((await listed(cookie, { id: pdf.id })).map((f) => f.id)).toEqual([pdf.id]);

    expect((await remove(cookie, text.id)).status).toBe(200);
    expect((await listed(cookie)).map((f) => f.id)).toEqual([pdf.id, image.id]);
    expect(await listed(cookie, { removed: "true" })).toMatchObject([{ id: text.id, removed: true }]);

    const bad = await call(list, "GET", "/file", { cookie, query: { removed: "maybe", sort: "title:asc", status: "active" } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(["", "removed", "sort"]);
  });

  it("measures what is kept by category, other last", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const empty = await call(stats, "GET", "/file_stats", { cookie });
    expect(empty.body).toEqual({
      size: 0,
      categories: [
        { id: "document", size: 0 },
        { id: "image", size: 0 },
        { id: "video", size: 0 },
        { id: "other", size: 0 },
      ],
      quota: null,
    });
    await uploaded(cookie, PNG, "a.png");
    await uploaded(cookie, PDF, "b.pdf");
    const text = await uploaded(cookie, TEXT, "c.txt");
    expect((await uploaded(cookie, MP4, "d.mp4")).mimetype).toBe("video/mp4");
    expect((await uploaded(cookie, ZIP, "e.zip")).mimetype).toBe("application/zip");
    expect((await uploaded(cookie, ZIP, "f.docx")).mimetype).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    await remove(cookie, text.id);
    const res = await call(stats, "GET", "/file_stats", { cookie });
    expect(res.body).toEqual({
      size: PNG.length + PDF.length + MP4.length + 2 * ZIP.length,
      categories: [
        { id: "document", size: PDF.length + ZIP.length },
        { id: "image", size: PNG.length },
        { id: "video", size: MP4.length },
        { id: "other", size: ZIP.length },
      ],
      quota: null,
    });
  });

  it("removes a file's bytes for good and keeps its record, answering 410 after", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const saved = await uploaded(cookie, PDF, "invoice.pdf");
    const res = await remove(cookie, saved.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: saved.id, removed: true, size: PDF.length });
    expect(await stored(organizationId, saved.id)).toBe(false);
    expect(fs.existsSync(path.join(dataDir(), "files", organizationId, saved.id))).toBe(false);
    const gone = await fetchBytes(cookie, saved.id);
    expect(gone.status).toBe(410);
    expect(await gone.json()).toEqual({ status: 410, message: "File has been removed" });
    // The browser opening the link itself gets a page saying so, in the same status, with the way to the file's page.
    const opened = await download(new Request(`${ORIGIN}/api/api/file/${saved.id}/download`, { headers: { cookie, "sec-fetch-mode": "navigate" } }), {
      params: Promise.resolve({ id: saved.id }),
    });
    expect(opened.status).toBe(410);
    expect(opened.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(opened.headers.get("content-security-policy")).toContain("default-src 'none'");
    const page = await opened.text();
    expect(page).toContain("<h1>This file has been removed</h1>");
    expect(page).toContain(`<a href="/file/${saved.id}">Open the file&#39;s page</a>`);
    expect((await call(getOne, "GET", `/file/${saved.id}`, { cookie, params: { id: saved.id } })).body).toMatchObject({ removed: true });
    // Again is a no-op; back is refused, the content being gone.
    expect((await remove(cookie, saved.id)).status).toBe(200);
    const restore = await remove(cookie, saved.id, false);
    expect(restore.body.errors).toEqual([{ path: "removed", message: "A removed file cannot be restored: its content is deleted" }]);
    const entries = await call(history, "GET", "/history", { cookie, query: { type: "file", id: saved.id } });
    expect(entries.body.items.map((e: { action: string; changes: object }) => [e.action, e.changes])).toEqual([
      ["updated", { removed: [false, true] }],
      ["created", { name: [null, "invoice.pdf"], mimetype: [null, "application/pdf"], size: [null, PDF.length] }],
    ]);
  });

  it("lets the uploader or an admin remove a file, nobody else", async () => {
    const { cookie: founder, organizationId } = await signUpOrganization(mailbox);
    const staff = await addMember(organizationId);
    const staffCookie = await logInAs(staff.email);
    const colleague = await logInAs((await addMember(organizationId)).email);
    // Pictures, so that the whole organization sees them.
    const own = await uploaded(staffCookie, PNG, "own.png");
    const picture = await call(patchMember, "PATCH", `/member/${staff.member.id}`, { cookie: staffCookie, params: { id: staff.member.id }, body: { image: own.id } });
    expect(picture.status, JSON.stringify(picture.body)).toBe(200);
    const theirs = await uploaded(founder, PNG, "founder.png");
    await call(patchOrganization, "PATCH", `/organization/${organizationId}`, { cookie: founder, params: { id: organizationId }, body: { image: theirs.id } });
    expect((await remove(colleague, own.id)).body).toEqual({ status: 403, message: "Only the member who uploaded this file or an admin can remove it" });
    expect((await remove(staffCookie, theirs.id)).status).toBe(403);
    expect(await stored(organizationId, theirs.id)).toBe(true);
    // An upload used nowhere is its uploader's: to a colleague it does not exist.
    const loose = await uploaded(staffCookie, TEXT, "loose.txt");
    expect((await remove(colleague, loose.id)).status).toBe(404);
    expect(await stored(organizationId, loose.id)).toBe(true);
    expect((await remove(staffCookie, own.id)).status).toBe(200);
    const another = await uploaded(staffCookie, TEXT, "another.txt");
    expect((await remove(founder, another.id)).status).toBe(200);
  });

  it("holds uploads to the organization's quota and counts only kept files", async () => {
    const restore = pointEnv({ STORAGE_QUOTA_BYTES: String(PDF.length + PNG.length) });
    try {
      const { cookie } = await signUpOrganization(mailbox);
      const pdf = await uploaded(cookie, PDF, "a.pdf");
      await uploaded(cookie, PNG, "b.png");
      const over = await call(upload, "POST", "/file", { cookie, body: form(PNG, "c.png") });
      expect(over.status).toBe(413);
      const total = PDF.length + PNG.length;
      expect(over.body.message).toBe(
        `This upload would exceed the storage quota of ${total} Bytes (${total} Bytes used): remove files you no longer need`,
      );
      expect((await listed(cookie)).length).toBe(2);
      expect((await call(stats, "GET", "/file_stats", { cookie })).body).toMatchObject({ size: total, quota: total });
      // Message attachments count as well, and nothing of the message is kept.
      const customer = await makeCustomer(cookie, { name: "Quinn Quota" });
      const conversation = await startWithNote(cookie, customer.id);
      const message = new FormData();
      message.set("conversation", conversation);
      message.set("type", JSON.stringify({ id: "note", content: "Photo attached" }));
      message.append("files", new File([PNG], "photo.png"));
      expect((await postMessage(cookie, message)).status).toBe(413);
      // Removing makes room again.
      await remove(cookie, pdf.id);
      expect((await call(upload, "POST", "/file", { cookie, body: form(PNG, "c.png") })).status).toBe(201);
    } finally {
      restore();
    }
  });

  it("tells where a file is used, as far as the session may see", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox, "Usage Co");
    const logo = await uploaded(cookie, PNG, "logo.png");
    await call(patchOrganization, "PATCH", `/organization/${organizationId}`, { cookie, params: { id: organizationId }, body: { image: logo.id } });
    const customer = await makeCustomer(cookie, { name: "Ursula Use" });
    const conversation = await startWithNote(cookie, customer.id);
    const sent = await postMessage(cookie, { conversation, type: { id: "note", content: "Our logo, for the van" }, files: [logo.id] });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const res = await call(getOne, "GET", `/file/${logo.id}`, { cookie, params: { id: logo.id } });
    expect(res.body.used).toEqual([
      { type: "message", id: sent.body.id, conversation, title: expect.any(String) },
      { type: "organization", id: organizationId, name: "Usage Co" },
    ]);
    // A member at a location that cannot see the conversation learns nothing of the message.
    const branch = await addLocation(organizationId, "Branch");
    const staff = await logInAs((await addMember(organizationId, { locationId: branch.id })).email);
    expect((await call(getOne, "GET", `/file/${logo.id}`, { cookie: staff, params: { id: logo.id } })).body.used).toEqual([
      { type: "organization", id: organizationId, name: "Usage Co" },
    ]);
    const unused = await uploaded(cookie, TEXT, "loose.txt");
    expect((await call(getOne, "GET", `/file/${unused.id}`, { cookie, params: { id: unused.id } })).body.used).toEqual([]);
  });

  it("keeps each organization's files to itself", async () => {
    const a = await signUpOrganization(mailbox, "A Co");
    const b = await signUpOrganization(mailbox, "B Co");
    const mine = await uploaded(a.cookie, PDF, "a-only.pdf");
    await uploaded(b.cookie, PNG, "b.png");
    expect((await listed(b.cookie, { limit: "10000" })).map((f) => f.name)).toEqual(["b.png"]);
    expect(await listed(b.cookie, { id: mine.id })).toEqual([]);
    expect((await call(stats, "GET", "/file_stats", { cookie: b.cookie })).body.size).toBe(PNG.length);
    expect((await call(getOne, "GET", `/file/${mine.id}`, { cookie: b.cookie, params: { id: mine.id } })).status).toBe(404);
    expect((await fetchBytes(b.cookie, mine.id)).status).toBe(404);
    expect((await remove(b.cookie, mine.id)).status).toBe(404);
    expect(await stored(a.organizationId, mine.id)).toBe(true);
    expect(await stored(b.organizationId, mine.id)).toBe(false);
  });
});
