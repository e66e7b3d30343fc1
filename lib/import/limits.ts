import { ImportFileError } from "./sheet";

/** Limits of the file mapping control and the import endpoints, the same in the browser and on the server. */
export const IMPORT_LIMITS = {
  /** Size of the uploaded file itself. */
  maxBytes: 20 * 1024 * 1024,
  /** Data rows, not counting the header row. */
  maxRows: 50_000,
  /**
   * Columns, and cells in all rows together: checked while the file is read, before
   * the rows are built, so a file of commas or one far-away spreadsheet cell cannot
   * make the parser allocate gigabytes.
   */
  maxColumns: 500,
  maxCells: 2_000_000,
  /** An .xlsx is a zip archive: what its entries may add up to once unpacked, and how many there may be. */
  maxUnpackedBytes: 200 * 1024 * 1024,
  /**
   * What the sheet itself may unpack to: what the most cells take as a spreadsheet
   * program writes them (`<c r="SF50001" s="12" t="s"><v>1234567</v></c>`, a row tag
   * per row), their text being in the shared strings.
   */
  maxSheetBytes: 2_000_000 * 64,
  maxEntries: 1_000,
};

export type ImportLimits = typeof IMPORT_LIMITS;

/** Data rows shown in the mapping dialog's preview. */
export const PREVIEW_ROWS = 9;

/** Whole megabytes, as the messages name sizes ("{megabytes, number} MB"). */
export const megabytes = (bytes: number) => Math.floor(bytes / 1024 / 1024);

export const tooManyColumns = (limits: Pick<ImportLimits, "maxColumns">) =>
  new ImportFileError("too_large", "import.problem.tooManyColumns", { count: limits.maxColumns });
export const tooManyCells = (limits: Pick<ImportLimits, "maxCells">) =>
  new ImportFileError("too_large", "import.problem.tooManyCells", { count: limits.maxCells });
