/** Limits of the file mapping control and the import endpoints, the same in the browser and on the server. */
export const IMPORT_LIMITS = {
  /** Size of the uploaded file itself. */
  maxBytes: 20 * 1024 * 1024,
  /** Data rows, not counting the header row. */
  maxRows: 50_000,
  /** An .xlsx is a zip archive: what its entries may add up to once unpacked, and how many there may be. */
  maxUnpackedBytes: 200 * 1024 * 1024,
  maxEntries: 1_000,
};

export type ImportLimits = typeof IMPORT_LIMITS;

/** Data rows shown in the mapping dialog's preview. */
export const PREVIEW_ROWS = 9;

export const megabytes = (bytes: number) => `${Math.floor(bytes / 1024 / 1024)} MB`;

/** The limits as the control states them. */
export const LIMITS_TEXT = `CSV or Excel (.xlsx), at most ${megabytes(IMPORT_LIMITS.maxBytes)} and ${IMPORT_LIMITS.maxRows.toLocaleString("en-US")} rows`;
