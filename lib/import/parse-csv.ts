import Papa from "papaparse";
import { unescapeFormula } from "./formula-escape";
import { IMPORT_LIMITS, tooManyCells, tooManyColumns, type ImportLimits } from "./limits";
import { cellText, ImportFileError, type Cell } from "./sheet";

type CsvLimits = Pick<ImportLimits, "maxRows" | "maxColumns" | "maxCells">;

/**
 * Where papaparse guesses the line break and the delimiter (it looks at the first ten
 * rows): a bounded head of the file, so a header of a million commas is not split
 * six times over just to guess.
 */
const GUESS_PREFIX = 64 * 1024;

function guessHead(text: string): string {
  if (text.length <= GUESS_PREFIX) return text;
  const head = text.slice(0, GUESS_PREFIX);
  const lastBreak = Math.max(head.lastIndexOf("\n"), head.lastIndexOf("\r"));
  return lastBreak > 0 ? head.slice(0, lastBreak) : head;
}

const unclosedQuote = (row: number) => new ImportFileError("unreadable", "import.problem.unclosedQuote", { row });

/**
 * Counts the fields of every record without building any, and refuses the file as
 * soon as one record has more columns, or all records more cells, than allowed.
 * Quoting as in papaparse: a field that starts with a quote runs to the quote that
 * is not doubled. One pass; the next delimiter and line break are remembered, so a
 * line of a million commas costs no more than reading it.
 */
export function checkCsvShape(text: string, delimiter: string, newline: string, limits: Pick<ImportLimits, "maxColumns" | "maxCells">) {
  let nextDelimiter = -2;
  let nextNewline = -2;
  let fields = 0;
  let cells = 0;
  const endRecord = () => {
    cells += fields;
    if (cells > limits.maxCells) throw tooManyCells(limits);
    fields = 0;
  };
  let at = 0;
  for (;;) {
    fields += 1;
    if (fields > limits.maxColumns) throw tooManyColumns(limits);
    if (text.charCodeAt(at) === 34) {
      let quote = at + 1;
      for (;;) {
        quote = text.indexOf('"', quote);
        // papaparse reports the unclosed quote; the rest is one field either way.
        if (quote < 0) return endRecord();
        if (text.charCodeAt(quote + 1) !== 34) break;
        quote += 2;
      }
      at = quote + 1;
    }
    if (nextDelimiter !== -1 && nextDelimiter < at) nextDelimiter = text.indexOf(delimiter, at);
    if (nextNewline !== -1 && nextNewline < at) nextNewline = text.indexOf(newline, at);
    if (nextDelimiter !== -1 && (nextNewline === -1 || nextDelimiter < nextNewline)) {
      at = nextDelimiter + delimiter.length;
      continue;
    }
    endRecord();
    if (nextNewline === -1) return;
    at = nextNewline + newline.length;
    if (at >= text.length) return;
  }
}

/**
 * CSV text into rows of cells. papaparse handles quoted commas, quotes and line
 * breaks, and finds the delimiter (comma, semicolon, tab); a leading byte order
 * mark is dropped, values are trimmed, empty cells become null, and rows with no
 * value at all are left out. The shape is checked first and the rows are built one
 * at a time, so no oversized file is ever held as cells.
 */
export function parseCsv(text: string, limits: CsvLimits = IMPORT_LIMITS): Cell[][] {
  const body = text.replace(/^\uFEFF/, "");
  const guess = Papa.parse<string[]>(guessHead(body), { skipEmptyLines: "greedy", preview: 1 }).meta;
  const delimiter = guess.delimiter || ",";
  const newline = guess.linebreak || "\n";
  checkCsvShape(body, delimiter, newline, limits);

  const rows: Cell[][] = [];
  let records = 0;
  let cellCount = 0;
  let failure: ImportFileError | undefined;
  Papa.parse<string[]>(body, {
    delimiter,
    newline: newline as Papa.ParseConfig["newline"],
    skipEmptyLines: "greedy",
    step: (result, parser) => {
      records += 1;
      const broken = result.errors.find((error) => error.code === "MissingQuotes");
      const record = result.data;
      cellCount += record.length;
      // The shape check has counted already; these hold even where papaparse splits differently.
      if (broken) failure = unclosedQuote(records);
      else if (record.length > limits.maxColumns) failure = tooManyColumns(limits);
      else if (cellCount > limits.maxCells) failure = tooManyCells(limits);
      if (failure) return parser.abort();
      const cells = record.map((value) => {
        const text = cellText(value);
        return text === null ? null : unescapeFormula(text);
      });
      if (!cells.some((cell) => cell !== null)) return;
      // The header row and one more than allowed are enough to tell.
      if (rows.push(cells) > limits.maxRows + 1) parser.abort();
    },
  });
  if (failure) throw failure;
  return rows;
}
