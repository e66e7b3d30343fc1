import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { closeToasts, DESKTOP, expectToast, logIn, mailHeader, mailTo, MOBILE, picture, rawEmail, ownerApi, signInByApi, signUpByApi, TINY_PNG, uniqueEmail } from "./support";

const IMAGE = "https://images.example.test/tap.png";

/**
 * The office wrote to Mia about her kitchen tap and to Noah about his gutter; Mia
 * answered (with a remote picture in her HTML), then a stranger who gives his name wrote in.
 */
async function setStage(request: APIRequestContext, baseURL: string) {
  const { email } = await signUpByApi(request, baseURL);
  const api = ownerApi(request, await signInByApi(request, baseURL, email));
  const session = await (await request.get("/api/api/session")).json();
  const mia = { name: "Mia Miller", email: uniqueEmail("mia") };
  const miaId = (await api.post<{ id: string }>("/customer", { type: "individual", ...mia })).id;
  const noah = await api.post<{ id: string }>("/customer", { type: "individual", name: "Noah Smith", email: uniqueEmail("noah") });
  const kitchen = await api.post<{ conversation: string }>("/message", {
    customer: miaId,
    type: { id: "email", source: mia.email, title: "Kitchen tap", content: "When can we come round?" },
  });
  await api.post("/message", { customer: noah.id, type: { id: "note", content: "Gutter quote to follow" } });
  const messageId = mailHeader(await mailTo(mia.email, /Kitchen tap/), "Message-ID")!;

  const organization = await (await request.get(`/api/api/organization/${session.organization.id}`)).json();
  const inbound = new URL(organization.inbound_email_url).pathname;
  const post = async (raw: string) => {
    const res = await request.post(inbound, { headers: { "content-type": "message/rfc822" }, data: raw });
    expect(res.status(), await res.text()).toBe(202);
    return (await res.json()) as { conversation: string };
  };
  await post(
    rawEmail({
      from: `Mia Miller <${mia.email}>`,
      to: "shop@example.test",
      subject: "Re: Kitchen tap",
      inReplyTo: messageId,
      text: "Thursday works for me.",
      html: `<p>Thursday works for me.</p><p><img src="${IMAGE}" alt="The tap"></p>`,
    }),
  );
  const stan = uniqueEmail("stan");
  const fences = await post(rawEmail({ from: `Stan Stranger <${stan}>`, to: "shop@example.test", subject: "Do you fix fences?", text: "Ours fell over." }));
  return { email, mia, stan, kitchen: kitchen.conversation, fences: fences.conversation, post };
}

const conversationOf = async (page: Page, id: string) => (await page.request.get(`/api/api/conversation/${id}`)).json();

test("the answered thread comes to the top; a stranger is named and made a customer; replies are written under the thread; remote images load when asked", async ({
  page,
  request,
  baseURL,
}) => {
  const stage = await setStage(request, baseURL!);
  await page.setViewportSize(DESKTOP);
  const rows = page.locator("tbody tr");

  await test.step("the list opens on the latest activity: Mia's answer puts her thread above the later one", async () => {
    await page.goto("/conversation");
    await logIn(page, stage.email);
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText("Do you fix fences?");
    await expect(rows.nth(1)).toContainText("Kitchen tap");
    await expect(rows.nth(2)).toContainText("Notes on Noah Smith");
    await expect(rows.nth(0)).toContainText(`Stan Stranger · ${stage.stan}`);
  });

  await test.step("the stranger's thread names him and offers to make him a customer, with what he told", async () => {
    await rows.nth(0).getByRole("link").first().click();
    const message = page.getByTestId("message");
    await expect(message).toContainText("Stan Stranger");
    await expect(message).toContainText(stage.stan);
    const unlinked = page.getByTestId("unlinked-sender");
    await expect(unlinked).toContainText(`Stan Stranger <${stage.stan}> is not linked to a customer.`);
    await picture(page, "stranger-desktop");
    await unlinked.getByRole("link", { name: "Create customer from sender" }).click();
    await expect(page.getByRole("heading", { name: "New customer" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Full name" })).toHaveValue("Stan Stranger");
    await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(stage.stan);
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Customer Stan Stranger has been created");
    await expectToast(page, `is now with Stan Stranger`);
    await expect(page).toHaveURL(new RegExp(`/conversation/${stage.fences}$`));
    await expect(page.getByTestId("unlinked-sender")).toHaveCount(0);
    const linked = await conversationOf(page, stage.fences);
    expect(linked.customer).toMatch(/^[0-9a-f-]{36}$/);
  });

  await test.step("another stranger is linked to a customer there is", async () => {
    const olivia = await stage.post(rawEmail({ from: uniqueEmail("olivia"), to: "shop@example.test", subject: "Leaking roof", text: "It is Mia's sister here." }));
    await page.goto(`/conversation/${olivia.conversation}`);
    await page.getByTestId("unlinked-sender").getByRole("button", { name: "Link to customer" }).click();
    const picker = page.getByRole("dialog", { name: "Link to customer" });
    await picker.getByRole("button", { name: /Mia Miller/ }).click();
    const { reference } = await conversationOf(page, olivia.conversation);
    await expectToast(page, `Conversation ${reference} is linked to the customer`);
    await expect(page.getByTestId("unlinked-sender")).toHaveCount(0);
    const miaId = (await (await page.request.get(`/api/api/conversation/${stage.kitchen}`)).json()).customer;
    expect((await conversationOf(page, olivia.conversation)).customer).toBe(miaId);
  });

  await test.step("a reply is written under the thread, by email as Mia last wrote, with its subject", async () => {
    await page.goto(`/conversation/${stage.kitchen}`);
    const reply = page.getByRole("region", { name: "Reply" });
    await expect(reply.getByRole("radio", { name: "Email" })).toBeChecked();
    await expect(reply.getByRole("textbox", { name: "Recipient" })).toHaveValue(stage.mia.email);
    await expect(reply.getByRole("textbox", { name: "Subject" })).toHaveValue("Re: Kitchen tap");
    await reply.getByRole("textbox", { name: "Content" }).fill("Thursday at 9 then.");
    await reply.getByRole("textbox", { name: "Content" }).press("Control+Enter");
    await expectToast(page, "Message has been created");
    await expect(page.getByTestId("message").last()).toContainText("Thursday at 9 then.");
    await expect(page.getByTestId("message").last().getByTestId("delivery")).toHaveText("Sent");
    expect(mailHeader(await mailTo(stage.mia.email, /Thursday at 9 then/), "Subject")).toBe("Re: Kitchen tap");
    // The form starts again, empty, on the same channel.
    await expect(reply.getByRole("textbox", { name: "Content" })).toHaveValue("");

    await reply.getByText("Internal note").click();
    await expect(reply.getByRole("textbox", { name: "Recipient" })).toHaveCount(0);
    await reply.getByRole("textbox", { name: "Content" }).fill("Bring the 60 cm sink.");
    await reply.getByRole("button", { name: "Add note" }).click();
    await expect(page.locator('[data-kind="note"]')).toContainText("Bring the 60 cm sink.");
  });

  await test.step("remote images load only once asked for", async () => {
    let fetched = 0;
    await page.route(`${IMAGE}*`, async (route) => {
      fetched += 1;
      await route.fulfill({ status: 200, contentType: "image/png", body: TINY_PNG });
    });
    await page.reload();
    const frame = page.frameLocator('iframe[title="Re: Kitchen tap"]');
    await expect(frame.locator("body")).toContainText("Thursday works for me.");
    await expect(frame.locator("img")).not.toHaveAttribute("src", /^https:/);
    expect(fetched).toBe(0);
    await page.getByRole("button", { name: "Show remote images" }).click();
    await expect(frame.locator("img")).toHaveAttribute("src", IMAGE);
    await expect.poll(() => frame.locator("img").evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(1);
    expect(fetched).toBe(1);
    await picture(page, "thread-reply-desktop");
  });

  await test.step("on a phone: the thread with its reply box", async () => {
    await closeToasts(page);
    await page.setViewportSize(MOBILE);
    await expect(page.getByRole("region", { name: "Reply" })).toBeVisible();
    await picture(page, "thread-reply-phone");
  });
});
