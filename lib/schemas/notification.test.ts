import { describe, expect, it } from "vitest";
import { isAppPath } from "./app-path";
import { notificationCreateSchema } from "./notification";

describe("isAppPath", () => {
  it("accepts paths of this app", () => {
    for (const link of ["/", "/project/42", "/conversation/7?tab=messages#m1", "/member/a%2Fb", "/settings/notifications"]) {
      expect(isAppPath(link), link).toBe(true);
    }
  });

  it("refuses other schemes, other hosts and what browsers turn into them", () => {
    const refused = [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      " javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "https://other.example/",
      "http:/other.example",
      "//other.example/path",
      "///other.example",
      "/\\other.example",
      "\\\\other.example",
      "/\t/other.example",
      "/\n/other.example",
      " /project/1",
      "project/1",
      "",
      null,
      undefined,
      42,
    ];
    for (const link of refused) expect(isAppPath(link), JSON.stringify(link)).toBe(false);
  });

  it("is what the create schema checks", () => {
    expect(notificationCreateSchema.safeParse({ title: "Hi", link: "/project/1" }).success).toBe(true);
    expect(notificationCreateSchema.safeParse({ title: "Hi" }).data).toEqual({ title: "Hi", content: "", link: null });
    const refused = notificationCreateSchema.safeParse({ title: "Hi", link: "javascript:alert(1)" });
    expect(refused.error?.issues.map((issue) => issue.path.join("."))).toEqual(["link"]);
  });
});
