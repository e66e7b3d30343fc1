import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time";

const now = Date.parse("2024-05-10T12:00:00Z");
const ago = (seconds: number) => new Date(now - seconds * 1000);

describe("relativeTime", () => {
  it("words recent and older moments", () => {
    expect(relativeTime(ago(10), now)).toBe("just now");
    expect(relativeTime(ago(120), now)).toBe("2 minutes ago");
    expect(relativeTime(ago(3 * 3600), now)).toBe("3 hours ago");
    expect(relativeTime(ago(26 * 3600), now)).toBe("yesterday");
    expect(relativeTime(ago(400 * 24 * 3600), now)).toBe("last year");
  });
});

describe("relativeTime with API date strings", () => {
  it("accepts ISO strings", () => {
    expect(relativeTime(new Date(now - 5 * 60_000).toISOString(), now)).toBe("5 minutes ago");
  });
});
