import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  everReachableFiles,
  findCycles,
  importGraph,
  lazySpecifiers,
  packageOf,
  reachableFiles,
  reachablePackages,
  runtimeSpecifiers,
} from "./import-graph";

const root = path.resolve(__dirname, "..");
const rel = (file: string) => path.relative(root, file).split(path.sep).join("/");
const graph = importGraph(root);

describe("runtimeSpecifiers", () => {
  it("keeps what loads with the module: imports, side-effect imports and re-exports", () => {
    const text = [
      `import "server-only";`,
      `import fs from "node:fs";`,
      `import { a, type B } from "./mixed";`,
      `import Thing, { type C } from "./default";`,
      `import * as all from "./all";`,
      `export { d } from "./re-export";`,
      `export * from "./star";`,
    ].join("\n");
    expect(runtimeSpecifiers(text)).toEqual(["server-only", "node:fs", "./mixed", "./default", "./all", "./re-export", "./star"]);
  });

  it("leaves out what the compiler erases and what loads later", () => {
    const text = [
      `import type { A } from "./type-import";`,
      `import { type B, type C } from "./all-types";`,
      `export type { D } from "./type-export";`,
      `export { type E } from "./type-specifier";`,
      `type F = typeof import("./type-query");`,
      `export const load = () => import("./lazy");`,
    ].join("\n");
    expect(runtimeSpecifiers(text)).toEqual([]);
    expect(lazySpecifiers(text)).toEqual(["./lazy"]);
  });

  it("reads .tsx", () => {
    expect(runtimeSpecifiers(`import { Button } from "@mantine/core";\nexport const X = () => <Button />;`, "x.tsx")).toEqual(["@mantine/core"]);
  });
});

describe("packageOf", () => {
  it("names a package by its first segment, or two for a scoped one; project files are none", () => {
    expect(packageOf("googleapis/build/src/apis/gmail/index.js")).toBe("googleapis");
    expect(packageOf("@azure/msal-node")).toBe("@azure/msal-node");
    expect(packageOf("node:fs")).toBe("node:fs");
    expect(packageOf("@/lib/server/route")).toBeUndefined();
    expect(packageOf("./x")).toBeUndefined();
  });
});

describe("findCycles", () => {
  it("finds each group of files that load each other, with a shortest loop", () => {
    const edges = new Map([
      ["a", ["b"]],
      ["b", ["c", "d"]],
      ["c", ["a"]],
      ["d", ["e"]],
      ["e", []],
      ["f", ["f"]],
      ["g", ["h"]],
      ["h", ["g", "e"]],
    ]);
    expect(findCycles(edges)).toEqual([
      { loop: ["a", "b", "c", "a"], files: ["a", "b", "c"] },
      { loop: ["f", "f"], files: ["f"] },
      { loop: ["g", "h", "g"], files: ["g", "h"] },
    ]);
  });

  it("finds none in a tree", () => {
    expect(findCycles(new Map([["a", ["b", "c"]], ["b", ["c"]], ["c", []]]))).toEqual([]);
  });
});

describe("the app's modules", () => {
  it("load one another without a cycle", () => {
    const cycles = findCycles(graph.files).map(
      ({ loop, files }) => `${files.length} files: ${loop.map(rel).join(" → ")}\n    (${files.map(rel).join(", ")})`,
    );
    expect(cycles, `Runtime import cycles:\n${cycles.join("\n")}`).toEqual([]);
  });

  it("keep entity descriptors apart from services", () => {
    const entities = [...graph.files.keys()].filter((file) => rel(file).startsWith("lib/entities/"));
    expect(entities.length).toBeGreaterThan(0);
    const reached = entities.flatMap((entity) =>
      [...reachableFiles(graph.files, entity)].filter((file) => rel(file).startsWith("lib/services/")).map((file) => `${rel(entity)} → ${rel(file)}`),
    );
    expect(reached).toEqual([]);
  });
});

describe("GET /customer", () => {
  // The most requested list: what loads with it is what every cold instance pays before answering it.
  const entry = path.join(root, "app/api/api/customer/route.ts");

  it("loads no mailbox integration and defines no background job", () => {
    const loaded = [...reachableFiles(graph.files, entry)].map(rel);
    expect(loaded.filter((file) => file.startsWith("lib/services/messaging/mailbox/"))).toEqual([]);
    expect(loaded).not.toContain("lib/server/jobs.ts");
  });

  it("never reaches the Gmail or Microsoft clients, not even later through import()", () => {
    const packages = reachablePackages(graph, entry, { lazy: true });
    expect(packages.get("googleapis")).toBeUndefined();
    expect(packages.get("@azure/msal-node")).toBeUndefined();
    expect([...everReachableFiles(graph, entry)].map(rel).filter((file) => file.startsWith("lib/services/messaging/mailbox/"))).toEqual([]);
  });
});
