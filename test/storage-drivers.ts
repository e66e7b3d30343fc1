/** Runs a suite once on the local directory and once on a bucket (s3rver on loopback), as both drivers must behave alike. */
import { afterAll, beforeAll, describe } from "vitest";
import { startS3 } from "./s3";

export const STORAGE_DRIVERS = ["local directory", "S3 bucket"] as const;
export type StorageDriverName = (typeof STORAGE_DRIVERS)[number];

export function describeEachStorage(name: string, suite: (driver: StorageDriverName) => void) {
  for (const driver of STORAGE_DRIVERS) {
    describe(`${name} (${driver})`, () => {
      if (driver === "S3 bucket") {
        let s3: Awaited<ReturnType<typeof startS3>>;
        beforeAll(async () => {
          s3 = await startS3();
        });
        afterAll(() => s3?.stop());
      }
      suite(driver);
    });
  }
}
