// npm run backup -- <file.tar.gz>: the database (DATABASE_URL, else the embedded one
// in DATA_DIR) and DATA_DIR's files in one archive. Stop the app first on the embedded database.
import { createBackup } from "@/lib/server/backup";

const [file] = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
if (!file) {
  console.error("Usage: npm run backup -- <file.tar.gz>");
  process.exit(2);
}
createBackup(file).then(
  ({ file: written, manifest }) => {
    console.log(`Backup of the ${manifest.database} database written to ${written}`);
    if (manifest.files !== "included") console.log(`Files are kept in the bucket ${process.env.S3_BUCKET} and are not included: back it up with the bucket's own tools.`);
  },
  (error: Error) => {
    console.error(`Backup failed: ${error.message}`);
    process.exit(1);
  },
);
