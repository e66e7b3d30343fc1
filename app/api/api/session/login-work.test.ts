import { describe, expect, it, onTestFinished } from "vitest";
import { POST } from "@/app/api/api/session/route";
import { call } from "@/test/api";
import { cpuMs } from "@/test/cpu-time";
import { pointEnv } from "@/test/env";
import { addMember, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

describe("POST /session", () => {
  it("spends a real password check on a member without a password, as on a wrong password", async () => {
    // The hash's own cost is what must be spent either way: at the app's cost, not the tests' least work.
    onTestFinished(pointEnv({ TEST_REAL_PASSWORD_HASH: "1" }));
    const { email, organizationId } = await signUpOrganization(mailbox);
    const staff = await addMember(organizationId, { password: null });
    // CPU time of this process (argon2's threads included), which a busy machine does not stretch as it does the clock.
    const work = async (who: string) => {
      const before = cpuMs();
      expect((await call(POST, "POST", "/session", { body: { email: who, password: "wrong password here" } })).status).toBe(401);
      return cpuMs() - before;
    };
    // Both paths once first: the stand-in hash is made on first use.
    await work(email);
    await work(staff.email);
    let withPassword = 0;
    let withoutPassword = 0;
    for (let i = 0; i < 4; i++) {
      withPassword += await work(email);
      withoutPassword += await work(staff.email);
    }
    // argon2id at 19 MiB and two passes costs tens of milliseconds; a request without it, a few.
    expect(withPassword).toBeGreaterThan(40);
    expect(withoutPassword).toBeGreaterThan(withPassword * 0.6);
  });
});
