import { describe, expect, it } from "vitest";
import { GET as listCustomers, POST as postCustomer } from "@/app/api/api/customer/route";
import { call } from "@/test/api";
import { signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

describe("sorting by name", () => {
  it("orders names as readers do, accents and capitals beside their letters, also page by page", async () => {
    const org = await signUpOrganization(mailbox);
    for (const name of ["Zoe Wagner", "Ärztehaus Nord", "anna Berg", "Bob Klein", "élise Martin", "Eva Roth", "Öztürk Bau"]) {
      expect((await call(postCustomer, "POST", "/customer", { cookie: org.cookie, body: { name } })).status).toBe(201);
    }
    const names = async (query: Record<string, string>) => {
      const res = await call(listCustomers, "GET", "/customer", { cookie: org.cookie, query });
      return { names: res.body.items.map((item: { name: string }) => item.name), next: res.body.next as string | undefined };
    };
    const sorted = ["anna Berg", "Ärztehaus Nord", "Bob Klein", "élise Martin", "Eva Roth", "Öztürk Bau", "Zoe Wagner"];
    expect((await names({ sort: "name:asc", limit: "50" })).names).toEqual(sorted);
    expect((await names({ sort: "name:desc", limit: "50" })).names).toEqual([...sorted].reverse());

    // The cursor of a page continues in the same order.
    const first = await names({ sort: "name:asc", limit: "3" });
    expect(first.names).toEqual(sorted.slice(0, 3));
    const second = await names({ sort: "name:asc", limit: "3", after: first.next! });
    expect(second.names).toEqual(sorted.slice(3, 6));
  });
});
