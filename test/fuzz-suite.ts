/**
 * Property-based fuzzing of every route handler under app/api/api (ARCHITECTURE.md §3, §6),
 * run by app/api/api/fuzz-*.test.ts.
 *
 * Each exported method of each route file is found on disk, so a new endpoint is
 * fuzzed without being listed here. As the owner of a fresh organization (and now
 * and then with no session or a forged cookie) it receives random and boundary
 * bodies, query strings, path parameters, headers and multipart forms. Whatever
 * arrives, the answer is never a 5xx; every 4xx carries `{ status, message }`
 * (400 also `errors: [{ path, message }]`); and a 4xx leaves every row of both
 * organizations as it was. Each endpoint starts from a fresh organization, or from the
 * one the endpoint before it left as it found it (its requests wrote no row).
 *
 * Deterministic: FUZZ_SEED (default below) seeds every endpoint; FUZZ_RUNS sets the
 * runs per endpoint. A failure names the seed, the case and what the server logged.
 * FUZZ_SHRINK=1 shrinks a failing case; FUZZ_VERBOSE=1 prints the answers' statuses
 * per endpoint, FUZZ_VERBOSE=2 every case.
 */
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as getSession } from "@/app/api/api/session/route";
import { call, type ApiResponse } from "@/test/api";
import { captureLog, type LogLine } from "@/test/log-capture";
import { startJobs } from "@/lib/server/jobs";
import {
  buildForm,
  formParts,
  genericBody,
  HEADERS,
  headerSpec,
  mutated,
  mutatedForm,
  queryPairs,
  serialize,
  weirdString,
  type BodySpec,
  type HeaderSpec,
} from "@/test/fuzz-inputs";
import { bodyTemplate, buildWorld, formTemplate, idsOfRoute, idValues, queryTemplate, type World } from "@/test/fuzz-world";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { watchWrites } from "@/test/organization-rows";
import { routeFiles, routeOf } from "@/test/route-files";

const SEED = Number(process.env.FUZZ_SEED || 20261123);
const RUNS = Number(process.env.FUZZ_RUNS || 20);


type Handler = Parameters<typeof call>[0];
const METHODS = ["GET", "POST", "PATCH", "PUT", "DELETE"] as const;
type Method = (typeof METHODS)[number];
type Endpoint = { key: string; route: string; method: Method; handler: Handler; segments: string[] };

async function discover(): Promise<Endpoint[]> {
  const found: Endpoint[] = [];
  for (const file of routeFiles().sort()) {
    const route = routeOf(file);
    const mod = (await import(/* @vite-ignore */ file)) as Partial<Record<Method, Handler>>;
    for (const method of METHODS) {
      const handler = mod[method];
      if (handler) found.push({ key: `${method} ${route}`, route, method, handler, segments: route.split("/").filter(Boolean) });
    }
  }
  return found;
}

const endpoints = await discover();

/** A seed per endpoint derived from FUZZ_SEED, so adding a route does not change the others' cases. */
function seedOf(key: string): number {
  let hash = SEED | 0;
  for (const char of key) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

type Auth = "owner" | "anonymous" | "forged cookie";
type Case = {
  auth: Auth;
  headers: HeaderSpec;
  params: Record<string, string | string[]>;
  query: [string, string][];
  body: BodySpec;
  /** Varies generated file contents. */
  salt: number;
};

const MULTIPART = (endpoint: Endpoint) => formTemplate(endpoint.key) !== undefined;

const AUTH: fc.Arbitrary<Auth> = fc.oneof(
  { weight: 12, arbitrary: fc.constant<Auth>("owner") },
  { weight: 1, arbitrary: fc.constantFrom<Auth>("anonymous", "forged cookie") },
);

function caseArbitrary(endpoint: Endpoint, world: World, other: World, auth = AUTH): fc.Arbitrary<Case> {
  const ids = idValues(world.ids, other.ids);
  const own = idsOfRoute(endpoint.route, world.ids);
  const foreign = idsOfRoute(endpoint.route, other.ids);
  const idParam = fc.oneof(
    { weight: own.length ? 8 : 0, arbitrary: fc.constantFrom(...(own.length ? own : ids)) },
    { weight: foreign.length ? 1 : 0, arbitrary: fc.constantFrom(...(foreign.length ? foreign : ids)) },
    { weight: 2, arbitrary: fc.constantFrom(...ids) },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: weirdString },
    { weight: 1, arbitrary: fc.constantFrom(...ids).map((id) => id.toUpperCase()) },
    { weight: 1, arbitrary: fc.constantFrom(...ids).map((id) => ` ${id}`) },
  );
  const params: Record<string, fc.Arbitrary<string | string[]>> = {};
  for (const segment of endpoint.segments) {
    const name = /^\[(\.\.\.)?(.+)\]$/.exec(segment);
    if (!name) continue;
    if (name[1]) params[name[2]] = fc.array(fc.oneof(weirdString, fc.constantFrom(...ids), fc.constantFrom("role", "customer", "file", "download")), { maxLength: 5 });
    else if (name[2] === "id") params[name[2]] = idParam;
    else params[name[2]] = fc.oneof(fc.constantFrom("1", "2", "0", "-1", "01", "1e3", "999999999", "9999999999", "NaN", "１"), fc.nat().map(String), weirdString);
  }
  // The project's first workflow is worth reaching often.
  if (endpoint.key === "POST /project/[id]/workflow/[workflowId]") {
    params.id = fc.oneof({ weight: 3, arbitrary: fc.constant(world.ids.project) }, { weight: 2, arbitrary: idParam });
  }

  const template = bodyTemplate(endpoint.key, world.ids);
  const bodies: fc.WeightedArbitrary<BodySpec>[] = [{ weight: 3, arbitrary: genericBody }];
  if (template) bodies.push({ weight: 5, arbitrary: mutated(template).map((value): BodySpec => ({ kind: "json", value })) });
  const formWeight = MULTIPART(endpoint) ? 3 : endpoint.method === "GET" ? 0 : 1;
  if (formWeight) bodies.push({ weight: formWeight, arbitrary: formParts.map((parts): BodySpec => ({ kind: "form", parts })) });
  const form = formTemplate(endpoint.key);
  if (form) bodies.push({ weight: 6, arbitrary: mutatedForm(form).map((parts): BodySpec => ({ kind: "form", parts })) });

  const queryBase = queryTemplate(endpoint.key, world.ids);
  const query: fc.Arbitrary<[string, string][]> = queryBase
    ? fc.oneof({ weight: 2, arbitrary: queryPairs }, { weight: 3, arbitrary: mutated(queryBase).map(toPairs) })
    : queryPairs;

  return fc.record({
    auth,
    headers: headerSpec,
    params: fc.record(params),
    query,
    body: endpoint.method === "GET" ? fc.constant<BodySpec>({ kind: "none" }) : fc.oneof(...bodies),
    salt: fc.nat({ max: 10_000 }),
  });
}

/** Query values as the URL carries them: lists repeat their key, everything else is text. */
function toPairs(value: unknown): [string, string][] {
  if (!value || typeof value !== "object" || Array.isArray(value)) return [["q", serialize(value)]];
  return Object.entries(value).flatMap(([key, item]): [string, string][] =>
    Array.isArray(item) ? item.map((entry): [string, string] => [key, text(entry)]) : [[key, text(item)]],
  );
}
const text = (value: unknown) => (typeof value === "string" && !value.startsWith("\u0001") ? value : serialize(value));

function urlOf(endpoint: Endpoint, params: Case["params"], query: Case["query"]): string {
  const encode = (value: string) => {
    try {
      return encodeURIComponent(value);
    } catch {
      return "x"; // a lone surrogate has no URL form; the handler still gets the raw parameter
    }
  };
  const pathPart = endpoint.segments
    .map((segment) => {
      const name = /^\[(?:\.\.\.)?(.+)\]$/.exec(segment)?.[1];
      if (!name) return segment;
      const value = params[name];
      return Array.isArray(value) ? value.map(encode).join("/") : encode(value);
    })
    .join("/");
  const search = new URLSearchParams(query).toString();
  return `/${pathPart}${search ? `?${search}` : ""}`;
}

const FORGED = "craftdesk_session=Fe26.2**forged*cookie**value**~2";

async function send(endpoint: Endpoint, world: World, c: Case): Promise<ApiResponse> {
  const body =
    c.body.kind === "none"
      ? undefined
      : c.body.kind === "json"
        ? serialize(c.body.value)
        : c.body.kind === "text"
          ? c.body.text
          : buildForm(c.body.parts, c.salt);
  const cookie = c.auth === "owner" ? world.cookie : c.auth === "forged cookie" ? FORGED : undefined;
  const dress = HEADERS[c.headers];
  return call(endpoint.handler, endpoint.method, urlOf(endpoint, c.params, c.query), {
    cookie,
    body,
    params: c.params as Record<string, string>,
    origin: dress.origin,
    headers: { ...(body !== undefined && !(body instanceof FormData) ? { "content-type": "application/json" } : {}), ...dress.headers },
  });
}

/** What the server logged for a 500: the stack and, for database errors, the cause's message. */
function describeLogged(line: LogLine): string {
  const err = line.err as { stack?: string; cause?: { message?: string } };
  return `${err.stack}${err.cause?.message ? `\ncause: ${err.cause.message}` : ""}`;
}

function expectErrorShape(res: ApiResponse) {
  expect(res.body, "a 4xx answers with a JSON error body").toBeTypeOf("object");
  expect(res.body.status, "the body's status is the HTTP status").toBe(res.status);
  expect(typeof res.body.message === "string" && res.body.message.length > 0, "the error has a message").toBe(true);
  if (res.status === 400) {
    expect(Array.isArray(res.body.errors) && res.body.errors.length > 0, "a 400 lists its errors").toBe(true);
    for (const error of res.body.errors) {
      expect(typeof error.path, "each error has a path").toBe("string");
      expect(typeof error.message === "string" && error.message.length > 0, "each error has a message").toBe(true);
    }
  }
}

/** The owner may have logged out, changed password or email, or lost admin: start over with a new organization. */
async function stillOwner(world: World): Promise<boolean> {
  const res = await call(getSession, "GET", "/session", { cookie: world.cookie });
  return res.status === 200 && res.body.privileges?.includes("admin") && !res.body.location;
}

/**
 * The fuzz cases of every `parts`-th endpoint from the `part`-th (0-based), for a
 * test file to run: the endpoints are split over a few files so that workers run
 * them side by side instead of one file running them all after each other.
 */
export function describeFuzz(part: number, parts: number) {
  const mailbox = useSmtpCatcher();

  /** Status counts per endpoint (FUZZ_VERBOSE), to see which answers the cases reach. */
  const tallies = new Map<string, Map<string, number>>();
  function tally(key: string, status: number, message: unknown) {
    const counts = tallies.get(key) ?? new Map<string, number>();
    const label = `${status} ${typeof message === "string" ? message.slice(0, 40) : ""}`;
    counts.set(label, (counts.get(label) ?? 0) + 1);
    tallies.set(key, counts);
  }
  afterAll(() => {
    for (const [key, counts] of tallies) console.log(key, Object.fromEntries(counts));
  });

  let other: World;
  let clean: World | undefined;
  beforeAll(async () => {
    other = await buildWorld(mailbox, "Other Org");
  }, 60_000);

  afterEach(() => {
    vi.restoreAllMocks();
  });

  describe(`API fuzz, part ${part + 1} of ${parts} (FUZZ_SEED=${SEED}, FUZZ_RUNS=${RUNS})`, () => {
    if (part === 0) {
      it("finds the route handlers", () => {
        expect(endpoints.length).toBeGreaterThan(20);
        expect(endpoints.map((endpoint) => endpoint.key)).toContain("POST /customer/import");
      });
    }

    for (const endpoint of endpoints.filter((_, index) => index % parts === part)) {
      it(endpoint.key, async () => {
        // Readiness answers 503 until this process's jobs run.
        if (endpoint.key === "GET /health/ready") await startJobs({ schedules: false });
        // The world the last endpoint left as it found it, else a new one.
        let world = clean ?? (await buildWorld(mailbox));
        clean = undefined;
        let changed = false;
        const seed = seedOf(endpoint.key);
        const property = (auth?: fc.Arbitrary<Auth>) =>
          fc.asyncProperty(fc.constant(null).chain(() => caseArbitrary(endpoint, world, other, auth)), async (c) => {
            const logged = captureLog();
            const writes = await watchWrites([world.ids.organization, other.ids.organization]);
            let res: ApiResponse;
            try {
              res = await send(endpoint, world, c);
            } finally {
              logged.restore();
            }
            if (process.env.FUZZ_VERBOSE) tally(endpoint.key, res.status, res.body?.message);
            if (process.env.FUZZ_VERBOSE === "2") console.log(endpoint.key, res.status, serialize(c).slice(0, 300));
            const logs = logged.lines.filter((line) => line.err).map(describeLogged).join("\n");
            expect(res.status, `never a server error; logged:\n${logs}`).toBeLessThan(500);
            expect(({} as Record<string, unknown>).polluted, "Object.prototype is untouched").toBeUndefined();
            if (res.status >= 400) {
              expectErrorShape(res);
              expect(await writes(), "a refused request changes no row").toEqual([]);
            } else if ((await writes()).length > 0) {
              changed = true;
              if (c.auth === "owner" && endpoint.method !== "GET" && !(await stillOwner(world))) world = await buildWorld(mailbox);
            }
          });
        try {
          await fc.assert(property(), { seed, numRuns: RUNS, endOnFailure: !process.env.FUZZ_SHRINK });
          // A few runs with no valid session at all, whatever the draw above gave.
          await fc.assert(property(fc.constantFrom<Auth>("anonymous", "forged cookie")), { seed: seed + 1, numRuns: 3, endOnFailure: !process.env.FUZZ_SHRINK });
          // Nothing written: the next endpoint starts from this world rather than building one.
          if (!changed) clean = world;
        } catch (error) {
          (error as Error).message = `${endpoint.key}: replay with FUZZ_SEED=${SEED} (endpoint seed ${seed})\n${(error as Error).message}`;
          throw error;
        }
      }, 180_000);
    }
  });
}
