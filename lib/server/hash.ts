import "server-only";
import argon2 from "argon2";

// OWASP's minimum for argon2id: 19 MiB, 2 iterations, 1 lane.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashSecret = (secret: string) => argon2.hash(secret, OPTIONS);

export async function verifySecret(hash: string, secret: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, secret);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/** Spends the time of a real check so unknown emails cannot be told apart by timing. */
export async function verifyNothing(secret: string): Promise<void> {
  dummy ??= hashSecret("not-a-real-password-0000");
  await verifySecret(await dummy, secret);
}
