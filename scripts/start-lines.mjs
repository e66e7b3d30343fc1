// What npm start (scripts/start.mjs) says: the helpers that decide its lines, kept apart so tests can hold them.
import fs from "node:fs";

/** Text without the terminal's colour codes, for reading Next.js's lines. */
export const plain = (line) => line.replace(/\u001b\[[0-9;]*m/g, "");

/** "6 min 12 s", "45 s". */
export function duration(ms) {
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes} min ${seconds % 60} s` : `${seconds} s`;
}

export const FIRST_BUILD_NOTICE =
  "First start: building the app for production (next build). This happens once and takes about 2 to 10 minutes " +
  "(around 7 on a busy 2-core machine); progress follows, and later starts skip it.";

/** What the build is doing, from the line Next.js printed last; undefined when the line names no new phase. */
export function buildPhase(line) {
  const text = plain(line).trim();
  if (text.startsWith("Creating an optimized production build")) return "compiling the pages and the server";
  if (text.startsWith("Running TypeScript")) return "checking types";
  if (text.startsWith("Collecting page data")) return "collecting page data";
  if (text.startsWith("Generating static pages")) return "generating pages";
  if (text.startsWith("Finalizing page optimization")) return "finalizing";
  return undefined;
}

/** Where the build's route table starts: the rest of its output is a long list of every address, left out. */
export const routeTableStarts = (line) => /^Route \((app|pages)\)/.test(plain(line).trim());

/** The port and host `next start` serves on, from its arguments and the environment, as Next.js reads them. */
export function serveAddress(args, environment = process.env) {
  let port = environment.PORT || "3000";
  let host;
  for (let i = 0; i < args.length; i += 1) {
    const [flag, inline] = args[i].split("=", 2);
    const value = () => inline ?? args[++i];
    if (flag === "-p" || flag === "--port") port = value();
    else if (flag === "-H" || flag === "--hostname") host = value();
  }
  return { port: Number(port), host };
}

const WILDCARD = new Set(["0.0.0.0", "::", "[::]"]);

/** The address a browser on this machine opens: localhost, unless the server is bound to one address. */
export function localOrigin({ port, host }) {
  const name = !host || WILDCARD.has(host) ? "localhost" : host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** Addresses no other machine reaches: loopback, link-local, and the ranges kept for documentation and tests. */
function unreachableAddress(address) {
  const host = address.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host === "::1" || host.startsWith("fe80:") || host.startsWith("2001:db8:")) return true;
  const parts = host.split(".").map(Number);
  if (parts.length !== 4 || parts.some((part) => !Number.isInteger(part))) return false;
  const [a, b, c] = parts;
  return (
    a === 127 ||
    (a === 169 && b === 254) ||
    (a === 192 && b === 0 && c === 2) ||
    (a === 198 && b === 51 && c === 100) ||
    (a === 203 && b === 0 && c === 113) ||
    (a === 198 && (b === 18 || b === 19))
  );
}

/** Inside a container its own address is not the one others use (they use the port published on the host). */
export const inContainer = () => fs.existsSync("/.dockerenv") || fs.existsSync("/run/.containerenv");

/**
 * Whether Next.js's "- Network: http://…" line names an address another machine can
 * open: not when the server listens on loopback only, runs in a container, or the
 * address is one of the ranges no network routes.
 */
export function networkLineHolds(line, { host, container }) {
  const url = /Network:\s+(\S+)/.exec(plain(line))?.[1];
  if (!url) return true;
  if (host && !WILDCARD.has(host) && unreachableAddress(host)) return false;
  if (container) return false;
  try {
    return !unreachableAddress(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** The server's own start-up line (instrumentation.ts): migrations applied, and whether any organization exists yet. */
export function startedEvent(line) {
  if (!line.startsWith("{")) return undefined;
  try {
    const entry = JSON.parse(line);
    return entry && entry.event === "started" ? { empty: entry.organizations === false } : undefined;
  } catch {
    return undefined;
  }
}

/** The one line that says the app can be used: the address to open, and that the database is migrated. */
export function readyLine(origin, started) {
  if (started?.empty) return `Craftdesk is ready, database migrations applied: open ${origin}/signup to create your organization.`;
  if (started) return `Craftdesk is ready, database migrations applied: open ${origin}/`;
  return `Craftdesk is ready, database migrations applied: open ${origin}/ (on a new database, ${origin}/signup creates the first organization).`;
}
