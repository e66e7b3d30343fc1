// npm run restore -- <file.tar.gz> [--force]: into DATA_DIR and the database of
// DATABASE_URL (else the embedded one), which must be empty unless --force. Stop the app first.
import { restoreBackup } from "@/lib/server/backup";

const args = process.argv.slice(2);
const [file] = args.filter((arg) => !arg.startsWith("--"));
if (!file) {
  console.error("Usage: npm run restore -- <file.tar.gz> [--force]");
  process.exit(2);
}
restoreBackup(file, { force: args.includes("--force") }).then(
  (manifest) => {
    console.log(`Restored the ${manifest.database} database of ${manifest.createdAt}`);
    if (manifest.files !== "included") console.log("The backup did not include files: they were kept in an S3 bucket.");
  },
  (error: Error) => {
    console.error(`Restore failed: ${error.message}`);
    process.exit(1);
  },
);
