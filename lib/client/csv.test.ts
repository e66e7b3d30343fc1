import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("csvCell", () => {
  it("quotes every cell and doubles quotes inside", () => {
    expect(csvCell("North")).toBe('"North"');
    expect(csvCell('The "big" yard')).toBe('"The ""big"" yard"');
  });

  it("keeps commas and line breaks inside the quotes", () => {
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("line 1\nline 2")).toBe('"line 1\nline 2"');
    expect(csvCell("line 1\r\nline 2")).toBe('"line 1\r\nline 2"');
  });

  it("neutralises cells a spreadsheet would run as a formula", () => {
    expect(csvCell("=SUM(A1:A2)")).toBe(`"'=SUM(A1:A2)"`);
    expect(csvCell("+1")).toBe(`"'+1"`);
    expect(csvCell("-2+3")).toBe(`"'-2+3"`);
    expect(csvCell("@cmd")).toBe(`"'@cmd"`);
    expect(csvCell("\tx")).toBe(`"'\tx"`);
    expect(csvCell("\rx")).toBe(`"'\rx"`);
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
  });

  it("leaves safe text, numbers and booleans alone and empties nothing", () => {
    expect(csvCell("a=b")).toBe('"a=b"');
    expect(csvCell(-5)).toBe('"-5"');
    expect(csvCell("-0.01")).toBe('"-0.01"');
    expect(csvCell("-12")).toBe('"-12"');
    expect(csvCell(true)).toBe('"true"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
    expect(csvCell(new Date("2024-05-01T10:00:00Z"))).toBe('"2024-05-01T10:00:00.000Z"');
  });
});

describe("toCsv", () => {
  it("writes the header and one CRLF-terminated line per row", () => {
    expect(toCsv(["Name", "Status"], [["North", "active"], ["South, East", "removed"]])).toBe(
      '"Name","Status"\r\n"North","active"\r\n"South, East","removed"\r\n',
    );
  });

  it("writes only the header when there are no rows", () => {
    expect(toCsv(["Name"], [])).toBe('"Name"\r\n');
  });
});
