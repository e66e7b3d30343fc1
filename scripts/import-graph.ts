// The app's import graph as it runs: which files a module loads when it is loaded.
// Type-only imports are erased by the compiler and dynamic `import()` runs later,
// so neither is an edge; everything else (`import`, `export ... from`, `import "x"`) is.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/** The folders whose modules the app loads at run time. */
export const APP_DIRS = ["app", "lib", "components", "db"];

const SOURCE = /\.tsx?$/;
const SKIPPED_DIRS = new Set(["node_modules", ".next"]);

/** The .ts/.tsx files under `dirs` of `root`, declaration files left out. */
export function sourceFiles(root: string, dirs: readonly string[] = APP_DIRS): string[] {
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : walk(full);
      return SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
    });
  return dirs.map((dir) => path.join(root, dir)).filter((dir) => fs.existsSync(dir)).flatMap(walk).sort();
}

function typeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false; // import "x": run for its effects
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly);
}

function typeOnlyExport(node: ts.ExportDeclaration): boolean {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return clause !== undefined && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((element) => element.isTypeOnly);
}

const parse = (text: string, fileName: string) =>
  ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);

/** The specifiers a module's text loads as soon as the module itself is loaded. */
export function runtimeSpecifiers(text: string, fileName = "module.ts"): string[] {
  return staticSpecifiers(parse(text, fileName));
}

/** The specifiers a module's text loads later, when a call gets to its `import("...")`. */
export function lazySpecifiers(text: string, fileName = "module.ts"): string[] {
  return dynamicSpecifiers(parse(text, fileName));
}

function dynamicSpecifiers(source: ts.SourceFile): string[] {
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) specifiers.push(argument.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

function staticSpecifiers(source: ts.SourceFile): string[] {
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && !typeOnlyImport(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      specifiers.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !typeOnlyExport(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      specifiers.push(statement.moduleSpecifier.text);
    } else if (
      ts.isImportEqualsDeclaration(statement) &&
      !statement.isTypeOnly &&
      ts.isExternalModuleReference(statement.moduleReference) &&
      ts.isStringLiteral(statement.moduleReference.expression)
    ) {
      specifiers.push(statement.moduleReference.expression.text);
    }
  }
  return specifiers;
}

const CANDIDATES = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

/** The project file a specifier names ("@/lib/x", "./x"), or undefined for a package or a file of another kind. */
export function resolveSpecifier(root: string, from: string, specifier: string): string | undefined {
  const base = specifier.startsWith("@/")
    ? path.join(root, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : undefined;
  if (base === undefined) return undefined;
  for (const suffix of CANDIDATES) {
    const candidate = base + suffix;
    if (SOURCE.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** A package's name from a specifier: "@azure/msal-node" for "@azure/msal-node/x", "node:fs" as it is. */
export function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith(".") || specifier.startsWith("@/")) return undefined;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

export type ImportGraph = {
  /** Each file's project files loaded with it. */
  files: Map<string, string[]>;
  /** Each file's packages loaded with it. */
  packages: Map<string, string[]>;
  /** Each file's project files and packages loaded later, by `import()`. */
  lazyFiles: Map<string, string[]>;
  lazyPackages: Map<string, string[]>;
};

export function importGraph(root: string, dirs: readonly string[] = APP_DIRS): ImportGraph {
  const graph: ImportGraph = { files: new Map(), packages: new Map(), lazyFiles: new Map(), lazyPackages: new Map() };
  const record = (file: string, specifiers: string[], files: Map<string, string[]>, packages: Map<string, string[]>) => {
    const targets = specifiers.map((specifier) => resolveSpecifier(root, file, specifier)).filter((target) => target !== undefined);
    files.set(file, [...new Set(targets)]);
    packages.set(file, [...new Set(specifiers.map(packageOf).filter((name) => name !== undefined))]);
  };
  for (const file of sourceFiles(root, dirs)) {
    const source = parse(fs.readFileSync(file, "utf8"), file);
    record(file, staticSpecifiers(source), graph.files, graph.packages);
    record(file, dynamicSpecifiers(source), graph.lazyFiles, graph.lazyPackages);
  }
  return graph;
}

/**
 * The runtime cycles, one per group of files that load each other (a strongly
 * connected component, Tarjan): each given as a shortest loop through its first
 * file, which names the imports to cut, followed by the rest of the group.
 */
export function findCycles(edges: ReadonlyMap<string, readonly string[]>): { loop: string[]; files: string[] }[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let counter = 0;

  const connect = (start: string) => {
    // Iterative, so a long chain of imports cannot overflow the call stack.
    const frames: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1];
      const targets = edges.get(frame.node) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++];
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          frames.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      frames.pop();
      if (frames.length > 0) {
        const parent = frames[frames.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        if (group.length > 1 || (edges.get(frame.node) ?? []).includes(frame.node)) groups.push(group.sort());
      }
    }
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) connect(node);

  return groups
    .map((files) => ({ loop: shortestLoop(edges, files[0], new Set(files)), files }))
    .sort((a, b) => a.files[0].localeCompare(b.files[0]));
}

/** The shortest chain of imports from `start` back to itself, inside `within`. */
function shortestLoop(edges: ReadonlyMap<string, readonly string[]>, start: string, within: ReadonlySet<string>): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  for (let at = 0; at < queue.length; at++) {
    const node = queue[at];
    for (const target of edges.get(node) ?? []) {
      if (!within.has(target)) continue;
      if (target === start) {
        const loop = [node];
        while (loop[0] !== start) loop.unshift(previous.get(loop[0])!);
        return [...loop, start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start];
}

/** Every project file a module loads at run time, itself included. */
export function reachableFiles(edges: ReadonlyMap<string, readonly string[]>, entry: string): Set<string> {
  const seen = new Set([entry]);
  const queue = [entry];
  while (queue.length > 0) {
    for (const target of edges.get(queue.pop()!) ?? []) {
      if (seen.has(target)) continue;
      seen.add(target);
      queue.push(target);
    }
  }
  return seen;
}

/** Both kinds of edges: what a module may load at all, sooner or later. */
function everEdges(graph: ImportGraph): Map<string, string[]> {
  return new Map([...graph.files].map(([file, targets]) => [file, [...targets, ...(graph.lazyFiles.get(file) ?? [])]]));
}

/**
 * The packages a module loads with it, directly or through project files, each
 * with the first file that imports it; `{ lazy: true }` adds those it may load
 * later, through `import()` anywhere on the way.
 */
export function reachablePackages(graph: ImportGraph, entry: string, { lazy = false } = {}): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of [...reachableFiles(lazy ? everEdges(graph) : graph.files, entry)].sort()) {
    const names = [...(graph.packages.get(file) ?? []), ...(lazy ? (graph.lazyPackages.get(file) ?? []) : [])];
    for (const name of names) if (!found.has(name)) found.set(name, file);
  }
  return found;
}

/** Every project file a module may load, with it or later through `import()`. */
export const everReachableFiles = (graph: ImportGraph, entry: string) => reachableFiles(everEdges(graph), entry);
