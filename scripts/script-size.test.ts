import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  COMPRESSION_THRESHOLD_BYTES,
  SCRIPT_BUDGET_BYTES,
  overBudget,
  pageScripts,
  routeOf,
  routeSizes,
  sentBytes,
  sizeTable,
} from "./script-size";

describe("routeOf", () => {
  it("reads a page's manifest key as its address, without route groups", () => {
    expect(routeOf("/(shell)/customer/page")).toBe("/customer");
    expect(routeOf("/(shell)/page")).toBe("/");
    expect(routeOf("/(shell)/project/[id]/history/page")).toBe("/project/[id]/history");
    expect(routeOf("/signup/page")).toBe("/signup");
    expect(routeOf("/_not-found/page")).toBe("/_not-found");
  });
});

describe("pageScripts", () => {
  it("starts with the runtime, then each segment's files, each file once and only scripts", () => {
    const files = pageScripts(["static/chunks/main.js", "static/chunks/runtime.js"], {
      "[project]/app/layout": ["static/chunks/main.js", "static/chunks/mantine.js", "static/chunks/styles.css"],
      "[project]/app/error": ["static/chunks/mantine.js", "static/chunks/error.js"],
      "[project]/app/(shell)/customer/page": ["static/chunks/mantine.js", "static/chunks/customer.js"],
    });
    expect(files).toEqual([
      "static/chunks/main.js",
      "static/chunks/runtime.js",
      "static/chunks/mantine.js",
      "static/chunks/error.js",
      "static/chunks/customer.js",
    ]);
  });
});

describe("sentBytes", () => {
  it("counts a file under the compression threshold as it is", () => {
    expect(sentBytes(353, [200])).toBe(353);
    expect(sentBytes(COMPRESSION_THRESHOLD_BYTES - 1, [])).toBe(COMPRESSION_THRESHOLD_BYTES - 1);
  });

  it("counts a compressed file's pieces with their chunked framing and the closing chunk", () => {
    // "a\r\n" + 10 + "\r\n", "e7c\r\n" + 3708 + "\r\n", "0\r\n\r\n": what Chromium reported for such a file.
    expect(sentBytes(13_446, [10, 3708])).toBe(3735);
    expect(sentBytes(COMPRESSION_THRESHOLD_BYTES, [400])).toBe(3 + 2 + 400 + 2 + 5);
  });

  it("is the gzip size plus a few bytes a piece", () => {
    const text = Buffer.from("export const greeting = 'hello';\n".repeat(2000));
    const gzip = zlib.gzipSync(text).length;
    expect(sentBytes(text.length, [10, gzip - 10])).toBeGreaterThan(gzip);
    expect(sentBytes(text.length, [10, gzip - 10])).toBeLessThan(gzip + 20);
  });
});

describe("budget", () => {
  const routes = { "/customer": ["a.js", "b.js", "big.js"], "/": ["a.js", "b.js"], "/dnd": ["a.js", "b.js", "dnd.js"] };
  const sizes: Record<string, number> = { "a.js": 200 * 1024, "b.js": 50 * 1024, "big.js": 51 * 1024, "dnd.js": 50 * 1024 };
  const measured = routeSizes(routes, (file) => sizes[file]);

  it("adds up each route's files, a shared file in each route", () => {
    expect(measured).toEqual([
      { route: "/", bytes: 250 * 1024, files: 2 },
      { route: "/customer", bytes: 301 * 1024, files: 3 },
      { route: "/dnd", bytes: 300 * 1024, files: 3 },
    ]);
  });

  it("is 300 kB, and a route exactly at it is within", () => {
    expect(SCRIPT_BUDGET_BYTES).toBe(300 * 1024);
    expect(overBudget(measured).map((size) => size.route)).toEqual(["/customer"]);
    expect(overBudget(measured, 250 * 1024).map((size) => size.route)).toEqual(["/customer", "/dnd"]);
  });

  it("prints the routes largest first and marks those over", () => {
    const lines = sizeTable(measured).split("\n");
    expect(lines[0]).toMatch(/^route\s+kB\s+files\s+budget$/);
    expect(lines[1]).toMatch(/^\/customer\s+301\.0\s+3\s+100%\s+OVER$/);
    expect(lines[2]).toMatch(/^\/dnd\s+300\.0\s+3\s+100%$/);
    expect(lines[3]).toMatch(/^\/\s+250\.0\s+2\s+83%$/);
  });
});
