import { describe, expect, it } from "vitest";
import { GET as download } from "@/app/api/api/file/[id]/download/route";
import { GET as getOne } from "@/app/api/api/file/[id]/route";
import { GET as list, POST as upload } from "@/app/api/api/file/route";
import { GET as stats } from "@/app/api/api/file_stats/route";
import { GET as history } from "@/app/api/api/history/route";
import { PATCH as patchMember } from "@/app/api/api/member/[id]/route";
import { PATCH as patchOrganization } from "@/app/api/api/organization/[id]/route";
import { POST as createToken } from "@/app/api/api/token/route";
import { expiryInDays } from "@/lib/schemas/api-token";
import { call } from "@/test/api";
import { invalid, notFound } from "@/test/answers";
import { makeCustomer, messageRow, postMessage, startWithNote } from "@/test/conversations";
import { addLocation, addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { inboundAddress, PNG, postEmail, rawEmail } from "@/test/inbound";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

type Auth = { cookie?: string; headers?: Record<string, string>; origin?: null };

const pngForm = (name: string, bytes: Uint8Array = PNG) => {
  const data = new FormData();
  data.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type: "image/png" }));
  return data;
};

async function uploaded(cookie: string, name: string, bytes?: Uint8Array) {
  const res = await call(upload, "POST", "/file", { cookie, body: pngForm(name, bytes) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

/** A note with an uploaded picture, to a customer or into a conversation; answers the message's file. */
async function noteWithPicture(cookie: string, target: { customer: string } | { conversation: string }, name: string, bytes: Uint8Array = PNG) {
  const form = new FormData();
  for (const [key, value] of Object.entries(target)) form.set(key, value);
  form.set("type", JSON.stringify({ id: "note", content: `See ${name}` }));
  form.append("files", new File([bytes as Uint8Array<ArrayBuffer>], name, { type: "image/png" }));
  const res = await postMessage(cookie, form);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (await messageRow(res.body.id)).files[0];
}

async function token(cookie: string): Promise<Auth> {
  const res = await call(createToken, "POST", "/token", { cookie, body: { name: "Script", expires_at: expiryInDays(30) } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { headers: { authorization: `Bearer ${res.body.token}` }, origin: null };
}

const listed = async (auth: Auth) => {
  const res = await call(list, "GET", "/file", { ...auth, query: { limit: "1000" } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.items as { id: string }[]).map((item) => item.id);
};
const status = async (auth: Auth, handler: typeof getOne | typeof download, id: string) =>
  (await call(handler, "GET", handler === download ? `/file/${id}/download` : `/file/${id}`, { ...auth, params: { id } })).status;
const storage = async (auth: Auth) => (await call(stats, "GET", "/file_stats", auth)).body.size as number;

/**
 * An organization with North and South: a customer of South with a picture in a
 * note and one in an email the customer sent, the organization's logo, and uploads
 * attached nowhere.
 */
async function branches() {
  const founder = await signUpOrganization(mailbox, "Branch Plumbing");
  const { organizationId, cookie } = founder;
  const north = await addLocation(organizationId, "North");
  const south = await addLocation(organizationId, "South");
  const northStaff = await addMember(organizationId, { locationId: north.id, privileges: ["customers_manage"] });
  const southStaff = await addMember(organizationId, { locationId: south.id, privileges: ["customers_manage"] });
  const northCookie = await logInAs(northStaff.email);
  const southCookie = await logInAs(southStaff.email);
  const southCustomer = await makeCustomer(southCookie, { name: "Sylvia South", email: "sylvia@customer.test" });
  // Sizes of their own, so storage counts tell the files apart.
  const noted = await noteWithPicture(southCookie, { customer: southCustomer.id }, "boiler.png", new Uint8Array([...PNG, ...new Uint8Array(1000)]));
  const { token: inboundToken } = await inboundAddress(cookie, organizationId);
  const received = await postEmail(
    inboundToken,
    rawEmail({ from: "Sylvia South <sylvia@customer.test>", text: "The leak", attachments: [{ name: "leak.png", type: "image/png", bytes: new Uint8Array([...PNG, ...new Uint8Array(2000)]) }] }),
  );
  expect(received.status, JSON.stringify(received.body)).toBe(202);
  const [emailed] = (await messageRow(received.body.id)).files;
  const logo = await uploaded(cookie, "logo.png", new Uint8Array([...PNG, ...new Uint8Array(4000)]));
  expect((await call(patchOrganization, "PATCH", `/organization/${organizationId}`, { cookie, params: { id: organizationId }, body: { image: logo } })).status).toBe(200);
  const southLoose = await uploaded(southCookie, "draft.png", new Uint8Array([...PNG, ...new Uint8Array(8000)]));
  return { founder, north, south, northStaff, southStaff, northCookie, southCookie, southCustomer, files: { noted, emailed, logo, southLoose } };
}

describe("who sees a file: where it is used", () => {
  it("hides a South customer's files from North, in lists, details, downloads, history, storage and attachments, by session and by token", async () => {
    const b = await branches();
    const hidden = [b.files.noted, b.files.emailed, b.files.southLoose];
    for (const auth of [{ cookie: b.northCookie }, await token(b.northCookie)]) {
      const seen = await listed(auth);
      expect(seen).toContain(b.files.logo);
      expect(seen.filter((id) => hidden.includes(id))).toEqual([]);
      expect((await call(list, "GET", "/file", { ...auth, query: { id: hidden } })).body.items).toEqual([]);
      for (const id of hidden) {
        for (const handler of [getOne, download]) {
          const res = await call(handler, "GET", handler === download ? `/file/${id}/download` : `/file/${id}`, { ...auth, params: { id } });
          expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: notFound("File") });
        }
        expect((await call(history, "GET", "/history", { ...auth, query: { type: "file", id } })).status).toBe(404);
      }
      // Storage counts only the logo.
      expect(await storage(auth)).toBe(PNG.length + 4000);
    }
    // Nor can North send it on, or make it a picture everyone would see.
    const northConversation = await startWithNote(b.northCookie, (await makeCustomer(b.northCookie, { name: "Ned North" })).id);
    for (const id of hidden) {
      const forwarded = await postMessage(b.northCookie, { conversation: northConversation, type: { id: "note", content: "Forwarded" }, files: [id] });
      expect(forwarded.body).toEqual(invalid("files.0", "This file does not exist"));
      const pictured = await call(patchMember, "PATCH", `/member/${b.northStaff.member.id}`, { cookie: b.northCookie, params: { id: b.northStaff.member.id }, body: { image: id } });
      expect(pictured.body).toEqual(invalid("image", "This file does not exist"));
    }
    // South sees its customer's files and its own upload; the organization level sees them all.
    const southSeen = await listed({ cookie: b.southCookie });
    expect(hidden.filter((id) => !southSeen.includes(id))).toEqual([]);
    for (const id of hidden) expect(await status({ cookie: b.southCookie }, download, id)).toBe(200);
    expect(await storage({ cookie: b.southCookie })).toBe(4 * PNG.length + 1000 + 2000 + 4000 + 8000);
  });

  it("shows an upload attached nowhere to its uploader and admins only, and a member's picture to everyone", async () => {
    const b = await branches();
    const northLoose = await uploaded(b.northCookie, "north-draft.png");
    const colleague = await logInAs((await addMember(b.founder.organizationId, { locationId: b.north.id })).email);
    for (const [auth, sees] of [
      [{ cookie: b.northCookie }, true],
      [{ cookie: colleague }, false],
      [{ cookie: b.southCookie }, false],
      [{ cookie: b.founder.cookie }, true],
    ] as const) {
      expect((await listed(auth)).includes(northLoose)).toBe(sees);
      expect(await status(auth, getOne, northLoose)).toBe(sees ? 200 : 404);
    }
    // An admin working at a location still sees uploads attached nowhere, and counts the whole organization.
    const admin = await addMember(b.founder.organizationId, { locationId: b.north.id, privileges: ["admin"] });
    const adminCookie = await logInAs(admin.email);
    expect(await status({ cookie: adminCookie }, getOne, b.files.southLoose)).toBe(200);
    expect(await status({ cookie: adminCookie }, getOne, b.files.noted)).toBe(404);
    expect(await storage({ cookie: adminCookie })).toBe(await storage({ cookie: b.founder.cookie }));
    // Made a member's picture, it is the whole organization's.
    const me = b.northStaff.member.id;
    expect((await call(patchMember, "PATCH", `/member/${me}`, { cookie: b.northCookie, params: { id: me }, body: { image: northLoose } })).status).toBe(200);
    for (const cookie of [colleague, b.southCookie]) expect(await status({ cookie }, download, northLoose)).toBe(200);
  });

  it("shows a file used in several places wherever one of its uses is seen", async () => {
    const b = await branches();
    const northConversation = await startWithNote(b.northCookie, (await makeCustomer(b.northCookie, { name: "Ned North" })).id);
    expect(await status({ cookie: b.northCookie }, getOne, b.files.noted)).toBe(404);
    // The organization level sees both conversations and sends South's picture on to North's.
    const sent = await postMessage(b.founder.cookie, { conversation: northConversation, type: { id: "note", content: "Same boiler model" }, files: [b.files.noted] });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(await status({ cookie: b.northCookie }, download, b.files.noted)).toBe(200);
    expect(await listed({ cookie: b.northCookie })).toContain(b.files.noted);
    // Where it is used, North learns only of its own conversation's message.
    const details = await call(getOne, "GET", `/file/${b.files.noted}`, { cookie: b.northCookie, params: { id: b.files.noted } });
    expect(details.body.used).toEqual([{ type: "message", id: sent.body.id, conversation: northConversation, title: expect.any(String) }]);
    // North may now send it on too, and South still sees it.
    const forwarded = await postMessage(b.northCookie, { conversation: northConversation, type: { id: "note", content: "Again" }, files: [b.files.noted] });
    expect(forwarded.status, JSON.stringify(forwarded.body)).toBe(201);
    expect(await status({ cookie: b.southCookie }, getOne, b.files.noted)).toBe(200);
  });
});
