import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MantineProvider } from "@mantine/core";
import { NextIntlClientProvider } from "next-intl";
import { describe, expect, it } from "vitest";
import type { NotificationItem } from "@/lib/client/use-notifications";
import enUS from "@/messages/en-US.json";
import { NotificationList } from "./notification-list";

const item = (id: string, link: string | null): NotificationItem => ({
  id,
  title: `Notice ${id}`,
  content: "",
  date: new Date().toISOString(),
  read: false,
  link,
});

function render(items: NotificationItem[]) {
  return renderToStaticMarkup(
    createElement(NextIntlClientProvider, {
      locale: "en-US",
      messages: enUS,
      children: createElement(MantineProvider, null, createElement(NotificationList, { items, failed: false, onOpen: () => {}, onRemove: () => {} })),
    }),
  );
}

describe("NotificationList", () => {
  it("renders app paths as links and nothing else", () => {
    const html = render([
      item("a", "/project/42"),
      item("b", "javascript:alert(document.cookie)"),
      item("c", "//evil.example/phish"),
      item("d", "https://evil.example/"),
      item("e", "/\\evil.example"),
      item("f", null),
    ]);
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
    expect(hrefs).toEqual(["/project/42"]);
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain("evil.example");
    // Every entry is still shown, the unsafe ones just lead nowhere.
    for (const id of ["a", "b", "c", "d", "e", "f"]) expect(html).toContain(`Notice ${id}`);
  });
});
