import { describe, expect, it } from "vitest";
import { absoluteTime, relativeTime } from "./relative-time";

const now = Date.parse("2024-05-10T12:00:00Z");
const ago = (seconds: number) => new Date(now - seconds * 1000);
const en = { locale: "en-US", now, justNow: "just now" };
const de = { locale: "de-DE", now, justNow: "gerade eben" };

describe("relativeTime", () => {
  it("words recent and older moments", () => {
    expect(relativeTime(ago(10), en)).toBe("just now");
    expect(relativeTime(ago(120), en)).toBe("2 minutes ago");
    expect(relativeTime(ago(3 * 3600), en)).toBe("3 hours ago");
    expect(relativeTime(ago(26 * 3600), en)).toBe("yesterday");
    expect(relativeTime(ago(400 * 24 * 3600), en)).toBe("last year");
  });

  it("speaks the page's language", () => {
    expect(relativeTime(ago(10), de)).toBe("gerade eben");
    expect(relativeTime(ago(120), de)).toBe("vor 2 Minuten");
    expect(relativeTime(ago(26 * 3600), de)).toBe("gestern");
    expect(relativeTime(ago(3 * 3600), { locale: "fr-FR", now, justNow: "à l’instant" })).toBe("il y a 3 heures");
  });
});

describe("relativeTime with API date strings", () => {
  it("accepts ISO strings", () => {
    expect(relativeTime(new Date(now - 5 * 60_000).toISOString(), en)).toBe("5 minutes ago");
  });
});

describe("absoluteTime", () => {
  it("has a 24-hour clock in German and a 12-hour one in US English", () => {
    const date = new Date(2024, 4, 10, 15, 30);
    expect(absoluteTime(date, "de-DE")).toContain("15:30");
    expect(absoluteTime(date, "en-US")).toContain("3:30");
  });
});
