import { parseArgs } from "node:util";

export type Options = {
  database: string;
  serverUrl: string;
  locations: number;
  customers: number;
  projects: number;
  visits: number;
  quotes: number;
  invoices: number;
  priceItems: number;
  connections: number;
  duration: number;
  warmup: number;
  port: number;
  quietWait: number;
  attempts: number;
  fresh: boolean;
  drop: boolean;
  build: boolean;
  seedOnly: boolean;
  explain: boolean;
  write: boolean;
  /** Run only the cases whose name contains one of these. */
  only?: string[];
};

export const USAGE = `Usage: npm run bench -- <database> [options]

Seeds <database> (created when missing, migrated, seeded unless already seeded) on the
PostgreSQL server, builds and starts the production server on it, and measures the
project, customer, visit, quote, invoice and price book list endpoints against the same SQL run straight through pg.

  --server-url URL     PostgreSQL server (default $BENCH_POSTGRES_URL or postgres://postgres@127.0.0.1:5432)
  --customers N        customers to seed (default 200000)
  --projects N         projects to seed (default 1000000)
  --visits N           visits to seed (default 2000000; 0: none)
  --quotes N           quotes to seed (default 300000; 0: no quotes, invoices nor price book)
  --invoices N         invoices to seed (default 500000)
  --price-items N      price book items to seed (default 5000)
  --locations N        locations to seed (default 40)
  --connections N      concurrent connections (default 16)
  --duration S         seconds measured per case and side (default 10)
  --warmup S           seconds of warm-up before each measurement (default 2)
  --port N             first port to try for the server (default 3400)
  --quiet-wait S       before each case, wait up to S seconds for other work on the
                       machine to drop under 10 % of the CPUs (default 120; 0: don't wait)
  --attempts N         measure a case up to N times while other work disturbs it (default 3)
  --fresh              drop and recreate the database first
  --drop               drop the database at the end
  --no-build           reuse the existing build in .next-bench
  --seed-only          stop after seeding
  --explain            print each case's SQL and EXPLAIN ANALYZE, then stop
  --only TEXT          run only the cases whose name contains TEXT (repeat for several)
  --no-write           print the results without writing BENCHMARKS.md`;

function count(value: string | undefined, fallback: number, name: string, min = 1) {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number of at least ${min}`);
  return n;
}

export function parseOptions(argv: string[]): Options {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      "server-url": { type: "string" },
      customers: { type: "string" },
      projects: { type: "string" },
      locations: { type: "string" },
      visits: { type: "string" },
      quotes: { type: "string" },
      invoices: { type: "string" },
      "price-items": { type: "string" },
      connections: { type: "string" },
      duration: { type: "string" },
      warmup: { type: "string" },
      port: { type: "string" },
      "quiet-wait": { type: "string" },
      attempts: { type: "string" },
      only: { type: "string", multiple: true },
      fresh: { type: "boolean", default: false },
      drop: { type: "boolean", default: false },
      "no-build": { type: "boolean", default: false },
      "seed-only": { type: "boolean", default: false },
      explain: { type: "boolean", default: false },
      "no-write": { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help || positionals.length !== 1) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const database = positionals[0];
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(database)) {
    throw new Error("The database name takes lower-case letters, digits and underscores");
  }
  if (["postgres", "template0", "template1"].includes(database)) throw new Error(`Refusing to use ${database}`);
  return {
    database,
    serverUrl: values["server-url"] ?? process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432",
    customers: count(values.customers, 200_000, "customers"),
    projects: count(values.projects, 1_000_000, "projects"),
    locations: count(values.locations, 40, "locations", 3),
    visits: count(values.visits, 2_000_000, "visits", 0),
    quotes: count(values.quotes, 300_000, "quotes", 0),
    invoices: count(values.invoices, 500_000, "invoices"),
    priceItems: count(values["price-items"], 5_000, "price-items", 10),
    connections: count(values.connections, 16, "connections"),
    duration: count(values.duration, 10, "duration"),
    warmup: count(values.warmup, 2, "warmup", 0),
    port: count(values.port, 3400, "port"),
    quietWait: count(values["quiet-wait"], 120, "quiet-wait", 0),
    attempts: count(values.attempts, 3, "attempts"),
    fresh: values.fresh,
    drop: values.drop,
    build: !values["no-build"],
    seedOnly: values["seed-only"],
    explain: values.explain,
    write: !values["no-write"],
    only: values.only,
  };
}
