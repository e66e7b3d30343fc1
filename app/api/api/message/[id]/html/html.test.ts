import { describe, expect, it } from "vitest";
import { GET as getHtml } from "@/app/api/api/message/[id]/html/route";
import { call } from "@/test/api";
import { invalid, notFound } from "@/test/answers";
import { listMessages, makeCustomer, startWithNote } from "@/test/conversations";
import { signUpOrganization } from "@/test/fixtures";
import { inboundAddress, postEmail, rawEmail } from "@/test/inbound";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

const ORIGIN = "http://localhost:3000";
const IMAGE = "https://images.example.test/tap.png";

/** The page as the browser's frame gets it. */
async function page(cookie: string, id: string, query = "") {
  const res = await getHtml(new Request(`${ORIGIN}/api/api/message/${id}/html${query}`, { headers: { cookie } }), { params: Promise.resolve({ id }) });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

async function htmlEmail() {
  const org = await signUpOrganization(mailbox);
  const { token } = await inboundAddress(org.cookie, org.organizationId);
  const html = `<p>Thursday <b>works</b>.</p><script>alert(1)</script><p><img src="${IMAGE}" alt="The tap"><img src="http://plain.example.test/x.png"></p>`;
  const res = await postEmail(token, rawEmail({ from: "Mia Miller <mia@example.test>", subject: "Re: Kitchen tap", text: "Thursday works.", html }));
  expect(res.status).toBe(202);
  return { ...org, messageId: res.body.id as string };
}

describe("GET /message/{id}/html", () => {
  it("serves the sanitized HTML under a policy that loads nothing remote until remote images are asked for", async () => {
    const { cookie, messageId } = await htmlEmail();

    const hidden = await page(cookie, messageId);
    expect(hidden.status).toBe(200);
    expect(hidden.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const policy = hidden.headers.get("content-security-policy")!;
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("img-src 'self' data:;");
    expect(policy).not.toContain("https:");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(hidden.headers.get("referrer-policy")).toBe("no-referrer");
    expect(hidden.text).toContain("Thursday <b>works</b>.");
    expect(hidden.text).not.toContain("<script");
    expect(hidden.text).not.toContain(` src="${IMAGE}"`);
    expect(hidden.text).toContain(`data-remote-src="${IMAGE}"`);

    const shown = await page(cookie, messageId, "?remote_images=true");
    expect(shown.headers.get("content-security-policy")).toContain("img-src 'self' data: https:;");
    expect(shown.text).toContain(` src="${IMAGE}"`);
    // Plain http stays parked: the policy would refuse it anyway.
    expect(shown.text).not.toContain(' src="http://plain.example.test/x.png"');
  });

  it("answers 404 for a message without HTML, and 400 for a remote_images that is not true or false", async () => {
    const { cookie, messageId } = await htmlEmail();
    const customer = await makeCustomer(cookie);
    const conversation = await startWithNote(cookie, customer.id);
    const note = (await listMessages(cookie, [conversation])).body.items[0].id as string;
    const plain = await call(getHtml, "GET", `/message/${note}/html`, { cookie, params: { id: note } });
    expect(plain.body).toEqual(notFound("HTML of this message"));

    const bad = await call(getHtml, "GET", `/message/${messageId}/html`, { cookie, params: { id: messageId }, query: { remote_images: "yes" } });
    expect(bad.body).toEqual(invalid("remote_images", "Remote images is true or false"));
  });
});
