import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { message } from "@/db/schema/conversation";
import { file } from "@/db/schema/file";
import { POST as upload } from "@/app/api/api/file/route";
import { GET as stats } from "@/app/api/api/file_stats/route";
import { GET as listMessagesRoute } from "@/app/api/api/message/route";
import { call, type ApiResponse } from "@/test/api";
import { pointEnv } from "@/test/env";
import { signUpOrganization } from "@/test/fixtures";
import { inboundAddress, PNG, postEmail, rawEmail } from "@/test/inbound";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

/** A picture of exactly `size` bytes. */
const picture = (name: string, size: number) => ({ name, type: "image/png", bytes: new Uint8Array([...PNG, ...new Uint8Array(size - PNG.length)]) });

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

async function organizationWithAddress() {
  const org = await signUpOrganization(mailbox);
  return { ...org, ...(await inboundAddress(org.cookie, org.organizationId)) };
}

function accepted(res: ApiResponse) {
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body as { id: string; conversation: string };
}

/** The message as a member reads it in its conversation, and the names and sizes of the files it kept. */
async function shown(cookie: string, received: { id: string; conversation: string }) {
  const res = await call(listMessagesRoute, "GET", "/message", { cookie, query: { conversation: received.conversation } });
  expect(res.status).toBe(200);
  const item = res.body.items.find((m: { id: string }) => m.id === received.id);
  const db = await getDb();
  const [row] = await db.select().from(message).where(eq(message.id, received.id));
  const files = await Promise.all(row.files.map(async (id) => (await db.select().from(file).where(eq(file.id, id)))[0]));
  return { content: item.type.content as string, html: item.type.html as string | null, files: files.map((f) => [f.name, f.size]) };
}

const storageUsed = async (cookie: string) => (await call(stats, "GET", "/file_stats", { cookie })).body.size as number;

describe("inbound attachments and the storage quota", () => {
  it("keeps attachments past the quota up to the inbound ceiling, then keeps the message and names what it dropped", async () => {
    restore = pointEnv({ STORAGE_QUOTA_BYTES: "3000", INBOUND_STORAGE_CEILING_BYTES: "5000" });
    const org = await organizationWithAddress();
    const first = accepted(
      await postEmail(org.token, rawEmail({ text: "Photos of the leak", attachments: [picture("a.png", 2000), picture("b.png", 2000), picture("c.png", 2000)] })),
    );
    expect(await shown(org.cookie, first)).toEqual({
      content: "Photos of the leak\n\n[Attachments not kept (storage full): c.png]",
      html: null,
      files: [
        ["a.png", 2000],
        ["b.png", 2000],
      ],
    });
    // Customers' attachments count toward the quota: members' uploads are refused past it.
    const form = new FormData();
    form.set("file", new File([PNG], "member.png"));
    expect((await call(upload, "POST", "/file", { cookie: org.cookie, body: form })).status).toBe(413);
    // What still fits under the ceiling is kept, the rest named; an HTML email says so below its HTML, which is what is shown.
    const second = accepted(
      await postEmail(
        org.token,
        rawEmail({ text: "More", html: "<p>More photos</p>", attachments: [picture("d.png", 2000), picture("e.png", 500), picture("f.png", 600)] }),
      ),
    );
    expect(await shown(org.cookie, second)).toEqual({
      content: "More\n\n[Attachments not kept (storage full): d.png, f.png]",
      html: "<p>More photos</p><p>[Attachments not kept (storage full): d.png, f.png]</p>",
      files: [["e.png", 500]],
    });
    // Full: the message and its text are still kept.
    const third = accepted(await postEmail(org.token, rawEmail({ text: "Any news?", attachments: [picture("g.png", 600)] })));
    expect(await shown(org.cookie, third)).toEqual({ content: "Any news?\n\n[Attachments not kept (storage full): g.png]", html: null, files: [] });
    expect(await storageUsed(org.cookie)).toBe(4500);
  });

  it("names both what was too large and what storage could not hold", async () => {
    restore = pointEnv({ STORAGE_QUOTA_BYTES: "1000", INBOUND_STORAGE_CEILING_BYTES: "1000", FILE_MAX_BYTES: "5000" });
    const org = await organizationWithAddress();
    const received = accepted(await postEmail(org.token, rawEmail({ text: "Two", attachments: [picture("huge.png", 6000), picture("plan.png", 1200)] })));
    const { content, files } = await shown(org.cookie, received);
    expect(files).toEqual([]);
    expect(content).toBe("Two\n\n[Attachments not kept, too many or too large: huge.png (6 KB)]\n[Attachments not kept (storage full): plan.png]");
  });

  it("holds inbound to a tenth over the quota when no ceiling is set", async () => {
    restore = pointEnv({ STORAGE_QUOTA_BYTES: "1000", INBOUND_STORAGE_CEILING_BYTES: undefined });
    const org = await organizationWithAddress();
    const kept = accepted(await postEmail(org.token, rawEmail({ text: "One", attachments: [picture("one.png", 1100)] })));
    expect((await shown(org.cookie, kept)).files).toEqual([["one.png", 1100]]);
    const dropped = accepted(await postEmail(org.token, rawEmail({ text: "Two", attachments: [picture("two.png", 30)] })));
    expect(await shown(org.cookie, dropped)).toMatchObject({ content: "Two\n\n[Attachments not kept (storage full): two.png]", files: [] });
  });

  it("lets two emails at once fill the room only once", async () => {
    restore = pointEnv({ STORAGE_QUOTA_BYTES: "4000", INBOUND_STORAGE_CEILING_BYTES: "4000" });
    const org = await organizationWithAddress();
    const both = await Promise.all(
      ["x.png", "y.png"].map((name) => postEmail(org.token, rawEmail({ text: `Sending ${name}`, attachments: [picture(name, 3000)] }))),
    );
    const messages = await Promise.all(both.map((res) => shown(org.cookie, accepted(res))));
    expect(messages.map((m) => m.files.length).sort()).toEqual([0, 1]);
    expect(messages.filter((m) => m.content.includes("[Attachments not kept (storage full):"))).toHaveLength(1);
    expect(await storageUsed(org.cookie)).toBe(3000);
  });

  it("keeps every attachment when no quota is set", async () => {
    restore = pointEnv({ STORAGE_QUOTA_BYTES: undefined, INBOUND_STORAGE_CEILING_BYTES: undefined });
    const org = await organizationWithAddress();
    const received = accepted(await postEmail(org.token, rawEmail({ text: "Plenty", attachments: [picture("p.png", 3000), picture("q.png", 3000)] })));
    expect(await shown(org.cookie, received)).toEqual({ content: "Plenty", html: null, files: [["p.png", 3000], ["q.png", 3000]] });
  });
});
