import "server-only";
import argon2 from "argon2";

/** OWASP's minimum for argon2id: 19 MiB, 2 iterations, 1 lane. */
export const PASSWORD_HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

// Tests hash with argon2id's least work (as Devise does with its stretches): a hash
// records its own parameters, so it verifies the same way, only faster. A test of
// the parameters themselves sets TEST_REAL_PASSWORD_HASH=1. Never outside tests.
const TEST_OPTIONS = { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;
const options = () => (process.env.NODE_ENV === "test" && process.env.TEST_REAL_PASSWORD_HASH !== "1" ? TEST_OPTIONS : PASSWORD_HASH_OPTIONS);

export const hashSecret = (secret: string) => argon2.hash(secret, options());

export async function verifySecret(hash: string, secret: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, secret);
  } catch {
    return false;
  }
}

// One per set of parameters, so that the check costs what a real one costs at the moment.
const dummies = new Map<object, Promise<string>>();

/** Spends the time of a real check so unknown emails cannot be told apart by timing. */
export async function verifyNothing(secret: string): Promise<void> {
  const current = options();
  let dummy = dummies.get(current);
  if (!dummy) {
    dummy = argon2.hash("not-a-real-password-0000", current);
    dummies.set(current, dummy);
  }
  await verifySecret(await dummy, secret);
}
