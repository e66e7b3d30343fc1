import fs from "node:fs";

/**
 * Points the temporary directory of the tests, and of every process they start,
 * at a RAM disk where the machine has one (Linux's /dev/shm), unless TMPDIR is set:
 * each API test file copies a 40 MB embedded database and the browser tests' server
 * writes its own, and on a disk that writing costs more than the tests' queries.
 */
export function preferRamTmpdir(ramDisk = "/dev/shm"): void {
  if (process.env.TMPDIR) return;
  try {
    fs.accessSync(ramDisk, fs.constants.W_OK);
    if (fs.statSync(ramDisk).isDirectory()) process.env.TMPDIR = ramDisk;
  } catch {
    // No RAM disk: the system's temporary directory.
  }
}
