import "server-only";
import type { Db } from "@/db/client";
import { clearRateLimit, countHits, readHits, refuseOver } from "@/lib/server/rate-limit";

// Failures are counted, not attempts, so nobody can lock an owner out by failing
// on purpose from other addresses: an address that has not failed for an account
// still signs in with the right password.
const WINDOW_SECONDS = 15 * 60;
/** Failures one address may make for one account. */
const PER_ACCOUNT_AND_ADDRESS = 5;
/** Failures one address may make in all (`LOGIN_LIMIT_PER_ADDRESS`). */
const perAddress = () => Number(process.env.LOGIN_LIMIT_PER_ADDRESS || 30);
/** Failures for one account after which only addresses with no failures for it may try. */
const PER_ACCOUNT_CEILING = 50;

function keys(email: string, ip: string) {
  return {
    pair: `login:fail:pair:${email}|${ip}`,
    address: `login:fail:ip:${ip}`,
    account: `login:fail:email:${email}`,
  };
}

/** 429 with Retry-After when this address has failed too often, in all or for this account. */
export async function checkLoginLimits(db: Db, email: string, ip: string): Promise<void> {
  const { pair, address, account } = keys(email, ip);
  const counts = await readHits(db, [pair, address, account]);
  refuseOver(counts.get(address), perAddress() - 1);
  refuseOver(counts.get(pair), PER_ACCOUNT_AND_ADDRESS - 1);
  if (counts.has(pair)) refuseOver(counts.get(account), PER_ACCOUNT_CEILING - 1);
}

export async function countLoginFailure(db: Db, email: string, ip: string): Promise<void> {
  const { pair, address, account } = keys(email, ip);
  await countHits(db, [pair, address, account], WINDOW_SECONDS);
}

/** After a successful login the address starts over for that account. */
export async function forgetLoginFailures(db: Db, email: string, ip: string): Promise<void> {
  await clearRateLimit(db, keys(email, ip).pair);
}
