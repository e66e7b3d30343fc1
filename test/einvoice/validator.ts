import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * The official EN 16931 validation (the CEN Schematron artefacts compiled for SaxonJS,
 * in ../shared/einvoice), run in this process with the SaxonJS that the pinned xslt3
 * package brings: each stylesheet is read once per test file, then every XML is checked
 * in a few hundred milliseconds instead of the seconds a `validate` process takes.
 * Failed asserts are read from the SVRL report exactly as the `validate` script reads them.
 */

const ROOT = path.resolve(__dirname, "../..");

/** The validator's folder: ../shared/einvoice beside the repository, else /work/shared/einvoice, else EINVOICE_VALIDATOR_DIR. */
export function validatorDir(): string {
  const candidates = [path.resolve(ROOT, "../shared/einvoice"), "/work/shared/einvoice", process.env.EINVOICE_VALIDATOR_DIR].filter((dir): dir is string => !!dir);
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, "EN16931-CII-validation.sef.json")) && fs.existsSync(path.join(dir, "EN16931-UBL-validation.sef.json")));
  if (!found)
    throw new Error(
      `The EN 16931 validator was not found (looked in ${candidates.join(", ")}): put it at ../shared/einvoice beside the repository or set EINVOICE_VALIDATOR_DIR`,
    );
  return found;
}

export type RuleFailure = { id: string; flag: string; where: string; text: string };

type Saxon = { transform(options: Record<string, unknown>, mode: "sync"): { principalResult: string } };
let saxon: Saxon | undefined;
const stylesheets = new Map<string, unknown>();

function saxonJs(): Saxon {
  // SaxonJS as xslt3 2.7.0 (a pinned devDependency) loads it: the same engine the validate script runs.
  return (saxon ??= createRequire(require.resolve("xslt3/package.json"))("saxon-js") as Saxon);
}

export const syntaxOf = (xml: string) => {
  const root = (xml.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, "").match(/<\s*([\w.-]+:)?([\w.-]+)/) || [])[2];
  return root === "CrossIndustryInvoice" ? "CII" : root === "Invoice" || root === "CreditNote" ? "UBL" : null;
};

/** The SVRL failed asserts, as the validate script lists them. */
export function failuresIn(report: string): RuleFailure[] {
  return [...report.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)].map(([, attrs, body]) => ({
    id: (attrs.match(/\bid="([^"]*)"/) || [])[1] ?? "?",
    flag: (attrs.match(/\bflag="([^"]*)"/) || [])[1] ?? "fatal",
    where: (attrs.match(/\blocation="([^"]*)"/) || [])[1] ?? "",
    text: (body.match(/<svrl:text>([\s\S]*?)<\/svrl:text>/) || [])[1]?.replace(/\s+/g, " ").trim() ?? "",
  }));
}

/** Every rule the XML fails (fatal and warnings). */
export function validateEn16931(xml: string): RuleFailure[] {
  const syntax = syntaxOf(xml);
  if (!syntax) return [{ id: "root", flag: "fatal", where: "/", text: "not an EN 16931 invoice" }];
  let stylesheet = stylesheets.get(syntax);
  if (!stylesheet) {
    stylesheet = JSON.parse(fs.readFileSync(path.join(validatorDir(), `EN16931-${syntax}-validation.sef.json`), "utf8"));
    stylesheets.set(syntax, stylesheet);
  }
  const result = saxonJs().transform({ stylesheetInternal: stylesheet, sourceText: xml, destination: "serialized" }, "sync");
  return failuresIn(result.principalResult);
}

/** The fatal failures as one readable message, or null when there is none. */
export function fatalReport(xml: string): string | null {
  const fatal = validateEn16931(xml).filter((failure) => failure.flag === "fatal");
  return fatal.length ? fatal.map((failure) => `${failure.id} [${failure.where}] ${failure.text}`).join("\n") : null;
}

/** The official script itself on files: its exit code and output. */
export function runValidateScript(files: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(validatorDir(), "validate"), ...files], { timeout: 120_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
      resolve({ code, output: `${stdout}${stderr}` });
    });
  });
}

type SaxonXPath = { XPath: { evaluate(expression: string, context: unknown, options: Record<string, unknown>): unknown } };

/** The strings an XPath 3.1 expression finds in the XML, parsed by SaxonJS (a real parser: text that is not well-formed fails here). */
export function xpathStrings(xml: string, expression: string): string[] {
  const result = (saxonJs() as unknown as SaxonXPath).XPath.evaluate(`parse-xml($xml)!(${expression})!string()`, null, {
    params: { xml },
    resultForm: "array",
  });
  return result as string[];
}
