import { and, asc, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { notification } from "@/db/schema/activity";
import { conversation, message } from "@/db/schema/conversation";
import { GET as listNotifications } from "@/app/api/api/notification/route";
import { POST as postCustomer } from "@/app/api/api/customer/route";
import { POST as runWorkflow } from "@/app/api/api/project/[id]/workflow/[workflowId]/route";
import { appendMessage } from "@/lib/services/messaging/message-store";
import { call } from "@/test/api";
import { makeCustomer, postMessage } from "@/test/conversations";
import { addLocation, addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { inboundAddress, newMessageId, postEmail, rawEmail } from "@/test/inbound";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { BOILER, makeProject, makeType, patchProjectAs } from "@/test/projects";

const mailbox = useSmtpCatcher();

/** Who was told, by link prefix: member ids, sorted. */
async function told(organizationId: string, link: string) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(notification)
    .where(and(eq(notification.organizationId, organizationId), like(notification.link, `${link}%`)))
    .orderBy(asc(notification.createdAt));
  return rows;
}
const recipients = async (organizationId: string, link: string) => (await told(organizationId, link)).map((row) => row.memberId).sort();

/** An organization with members of each kind the recipient rules tell apart. */
async function shop() {
  const org = await signUpOrganization(mailbox);
  const founder = org.view.member.id as string;
  const north = await addLocation(org.organizationId);
  const manager = (await addMember(org.organizationId, { privileges: ["customers_manage"] })).member;
  const plain = await addMember(org.organizationId, { privileges: [] });
  const removedManager = (await addMember(org.organizationId, { privileges: ["customers_manage"], status: "removed" })).member;
  const northManager = (await addMember(org.organizationId, { privileges: ["customers_manage"], locationId: north.id })).member;
  const { token } = await inboundAddress(org.cookie, org.organizationId);
  return { ...org, founder, north, manager, plain: plain.member, plainEmail: plain.email, removedManager, northManager, token };
}

const received = (res: { status: number; body: { conversation: string } }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body.conversation;
};

describe("notifications of inbound messages", () => {
  it("go to the members who manage customers and see the conversation, never to removed members; sharing widens who sees it", async () => {
    const s = await shop();
    const first = newMessageId();
    const id = received(await postEmail(s.token, rawEmail({ messageId: first, subject: "Chimney", text: "Can you sweep our chimney next week?" })));
    expect(await recipients(s.organizationId, `/conversation/${id}`)).toEqual([s.founder, s.manager.id].sort());
    const [one] = await told(s.organizationId, `/conversation/${id}`);
    expect(one).toMatchObject({ title: "New email from Carla Customer", link: `/conversation/${id}`, read: false });
    expect(one.content).toBe("Chimney — Can you sweep our chimney next week?");
    // The members told find it in their own list.
    const listed = await call(listNotifications, "GET", "/notification", { cookie: s.cookie });
    expect(listed.body.items.map((item: { link: string }) => item.link)).toContain(`/conversation/${id}`);

    // Shared with North, the manager working there sees it and hears of the next message.
    const db = await getDb();
    await db.update(conversation).set({ sharing: { default: "none", locations: [{ id: s.north.id, level: "view" }] } }).where(eq(conversation.id, id));
    await db.delete(notification).where(eq(notification.organizationId, s.organizationId));
    received(await postEmail(s.token, rawEmail({ inReplyTo: first })));
    expect(await recipients(s.organizationId, `/conversation/${id}`)).toEqual([s.founder, s.manager.id, s.northManager.id].sort());
  });

  it("go to the members who wrote in the conversation when there are any", async () => {
    const s = await shop();
    const first = newMessageId();
    const id = received(await postEmail(s.token, rawEmail({ messageId: first })));
    const db = await getDb();
    await db.transaction(async (tx) => {
      const [row] = await tx.select().from(conversation).where(eq(conversation.id, id)).for("update");
      await appendMessage(tx, row, { authorId: s.plain.id, channel: "note", direction: "outgoing", content: "I'll call her back" });
      await appendMessage(tx, row, { authorId: s.removedManager.id, channel: "note", direction: "outgoing", content: "Left us since" });
    });
    await db.delete(notification).where(eq(notification.organizationId, s.organizationId));
    received(await postEmail(s.token, rawEmail({ inReplyTo: first, from: "Carla <carla@customer.test>" })));
    expect(await recipients(s.organizationId, `/conversation/${id}`)).toEqual([s.plain.id]);
  });

  it("tell a branch's technician of the reply to what the office wrote to the branch's customer", async () => {
    const s = await shop();
    // North is the branch: its customer manager keeps the customer, its technician does the job.
    const branchManager = await addMember(s.organizationId, { privileges: ["customers_manage"], locationId: s.north.id });
    const technician = (await addMember(s.organizationId, { privileges: [], locationId: s.north.id })).member;
    const customer = await makeCustomer(await logInAs(branchManager.email), { name: "Yara York" });
    const type = await makeType(s.cookie, BOILER);
    await makeProject(s.cookie, { type: type.id, owner: technician.id, customer: customer.id, fields: [{ id: 1, value: "AB1234" }] });
    // The office, at organization level, writes to the customer; the customer answers.
    const sent = await postMessage(s.cookie, { customer: customer.id, type: { id: "email", source: customer.email, title: "Boiler service", content: "When may we come?" } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const id = sent.body.conversation as string;
    const db = await getDb();
    const [ours] = await db.select().from(message).where(eq(message.conversationId, id));
    const reply = received(await postEmail(s.token, rawEmail({ from: `Yara <${customer.email}>`, inReplyTo: ours.messageId!, subject: "Re: Boiler service" })));
    expect(reply).toBe(id);
    expect(await recipients(s.organizationId, `/conversation/${id}`)).toEqual([s.founder, technician.id].sort());
  });

  it("go to the owners of the customer's open projects, else to the managers", async () => {
    const s = await shop();
    const customer = await call(postCustomer, "POST", "/customer", { cookie: s.cookie, body: { name: "Mia Miller", email: "mia@example.test" } });
    const type = await makeType(s.cookie, BOILER);
    const fields = [{ id: 1, value: "AB1234" }];
    await makeProject(s.cookie, { type: type.id, owner: s.plain.id, customer: customer.body.id, fields });
    // Done is the type's last status: that project is closed and its owner is not told.
    await makeProject(s.cookie, { type: type.id, status: 3, owner: s.manager.id, customer: customer.body.id, fields });
    const id = received(await postEmail(s.token, rawEmail({ from: "Mia <MIA@example.test>", subject: "Radiator" })));
    expect(await recipients(s.organizationId, `/conversation/${id}`)).toEqual([s.plain.id]);
    expect((await told(s.organizationId, `/conversation/${id}`))[0].title).toBe("New email from Mia");
  });
});

describe("notifications of project changes", () => {
  it("tell a new owner who was assigned by someone else, and nobody about what they did themselves", async () => {
    const s = await shop();
    const type = await makeType(s.cookie, BOILER);
    const fields = [{ id: 1, value: "AB1234" }];
    const assigned = await makeProject(s.cookie, { type: type.id, owner: s.manager.id, fields, title: "Boiler at No. 9" });
    expect(await told(s.organizationId, `/project/${assigned.id}`)).toMatchObject([
      { memberId: s.manager.id, title: "Olga Owner assigned you Boiler at No. 9", link: `/project/${assigned.id}` },
    ]);
    const own = await makeProject(s.cookie, { type: type.id, owner: s.founder, fields });
    expect(await told(s.organizationId, `/project/${own.id}`)).toEqual([]);

    expect((await patchProjectAs(s.cookie, assigned.id, { owner: s.plain.id })).status).toBe(200);
    expect(await recipients(s.organizationId, `/project/${assigned.id}`)).toEqual([s.manager.id, s.plain.id].sort());
    // Unchanged owner, other fields: nothing new.
    expect((await patchProjectAs(s.cookie, assigned.id, { owner: s.plain.id, title: "Boiler at No. 9a" })).status).toBe(200);
    expect(await told(s.organizationId, `/project/${assigned.id}`)).toHaveLength(2);
    // An owner's own edit of their project tells nobody.
    const plainCookie = await logInAs(s.plainEmail);
    expect((await patchProjectAs(s.cookie, own.id, { owner: s.plain.id })).status).toBe(200);
    const before = (await told(s.organizationId, `/project/${own.id}`)).length;
    expect((await patchProjectAs(plainCookie, own.id, { owner: s.plain.id, title: "Mine" })).status).toBe(200);
    expect(await told(s.organizationId, `/project/${own.id}`)).toHaveLength(before);
  });

  it("tell the owner when someone else runs a workflow on their project", async () => {
    const s = await shop();
    const type = await makeType(s.cookie, {
      ...BOILER,
      workflows: [{ id: 1, title: "Schedule", effects: [{ type: "status_set", value: 2 }] }],
    });
    const fields = [{ id: 1, value: "AB1234" }];
    const project = await makeProject(s.cookie, { type: type.id, owner: s.plain.id, fields, title: "Boiler at No. 7" });
    const run = (cookie: string) =>
      call(runWorkflow, "POST", `/project/${project.id}/workflow/1`, { cookie, params: { id: project.id, workflowId: "1" }, body: {} });
    expect((await run(s.cookie)).status).toBe(200);
    const entries = await told(s.organizationId, `/project/${project.id}`);
    expect(entries.map((row) => [row.memberId, row.title])).toEqual([
      [s.plain.id, "Olga Owner assigned you Boiler at No. 7"],
      [s.plain.id, "Olga Owner ran Schedule on Boiler at No. 7"],
    ]);
    // The owner running it themselves is told nothing.
    const plainCookie = await logInAs(s.plainEmail);
    await patchProjectAs(s.cookie, project.id, { status: 1 });
    expect((await run(plainCookie)).status).toBe(200);
    expect(await told(s.organizationId, `/project/${project.id}`)).toHaveLength(2);
  });
});
