import { sealData } from "iron-session";
import { describe, expect, it } from "vitest";
import { unsealSessionId } from "./unseal-cache";

const SECRET = "a-secret-of-at-least-thirty-two-characters!";
const OTHER = "another-secret-of-at-least-thirty-two-chars";

describe("unsealSessionId", () => {
  it("answers a sealed value's session id, the same again from memory", async () => {
    const sealed = await sealData({ sid: "abc" }, { password: SECRET, ttl: 60 });
    expect(await unsealSessionId(sealed, SECRET, 60)).toBe("abc");
    expect(await unsealSessionId(sealed, SECRET, 60)).toBe("abc");
  });

  it("never answers for a tampered value or under another secret", async () => {
    const sealed = await sealData({ sid: "abc" }, { password: SECRET, ttl: 60 });
    expect(await unsealSessionId(sealed, SECRET, 60)).toBe("abc");
    const tampered = `${sealed.slice(0, -2)}xx`;
    expect(await unsealSessionId(tampered, SECRET, 60)).toBeUndefined();
    // A new secret forgets what the old one unsealed.
    expect(await unsealSessionId(sealed, OTHER, 60)).toBeUndefined();
    expect(await unsealSessionId(sealed, SECRET, 60)).toBe("abc");
  });

  it("ignores seals without a session id", async () => {
    const sealed = await sealData({ other: 1 }, { password: SECRET, ttl: 60 });
    expect(await unsealSessionId(sealed, SECRET, 60)).toBeUndefined();
  });
});
