/** Error codes stored as numbers, as some writers store them (spec §8); any other number reads as #ERROR_{n}. */
const NUMBERED: Record<number, string> = {
  0x00: "#NULL!",
  0x07: "#DIV/0!",
  0x0f: "#VALUE!",
  0x17: "#REF!",
  0x1d: "#NAME?",
  0x24: "#NUM!",
  0x2a: "#N/A",
  0x2b: "#GETTING_DATA",
};

/** The codes a spreadsheet shows for a formula that failed, those of spec §8 and the ones newer spreadsheets add. */
const CODE = /^#(?:NULL!|DIV\/0!|VALUE!|REF!|NAME\?|NUM!|N\/A|GETTING_DATA|ERROR_\d{1,10}|SPILL!|CALC!|FIELD!|BLOCKED!|CONNECT!|BUSY!|UNKNOWN!|PYTHON!)$/;

/** Whether a cell's text is a spreadsheet error code, from an error cell or from a file a spreadsheet exported. */
export const isErrorCode = (value: string) => CODE.test(value);

/** The code of an error cell's stored value, or null when the value is no error code. */
export function errorCellText(value: string): string | null {
  const text = value.trim();
  if (/^\d{1,10}$/.test(text)) return NUMBERED[Number(text)] ?? `#ERROR_${Number(text)}`;
  return isErrorCode(text) ? text : null;
}

/** The row error for a mapped cell holding an error code (no field takes one as its value): a catalogue key and its values. */
export const errorCodeMessage = (code: string) => ["import.mapping.errorCell", { code }] as const;
