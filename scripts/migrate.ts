// npm run db:migrate — apply pending migrations to DATABASE_URL, or to the embedded database in DATA_DIR.
import { closeDb, getDb } from "../db/client";

async function main() {
  await getDb();
  await closeDb();
  console.log(`Migrations applied (${process.env.DATABASE_URL ? "DATABASE_URL" : "embedded database"})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
