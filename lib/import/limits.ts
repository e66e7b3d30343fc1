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

export const megabytes = (bytes: number) => `${Math.floor(bytes / 1024 / 1024)} MB`;

const count = (n: number) => n.toLocaleString("en-US");

/** The limits as the control states them. */
export const LIMITS_TEXT =
  `CSV or Excel (.xlsx), at most ${megabytes(IMPORT_LIMITS.maxBytes)} and ${count(IMPORT_LIMITS.maxRows)} rows, ` +
  `up to ${count(IMPORT_LIMITS.maxColumns)} columns and ${count(IMPORT_LIMITS.maxCells)} cells`;

export const tooManyColumns = (limits: Pick<ImportLimits, "maxColumns">) => `The file has more than ${count(limits.maxColumns)} columns`;
export const tooManyCells = (limits: Pick<ImportLimits, "maxCells">) =>
  `The file has more than ${count(limits.maxCells)} cells; split it into smaller files`;
