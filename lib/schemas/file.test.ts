import { describe, expect, it } from "vitest";
import { fileListQuerySchema } from "./file";
import { fileCategory, formatFileSize } from "./file-kind";

describe("fileCategory", () => {
  it("classes PDF, office documents and text as documents", () => {
    for (const type of [
      "application/pdf",
      "application/msword",
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "application/vnd.oasis.opendocument.text",
      "application/rtf",
      "text/plain",
      "text/csv",
    ]) {
      expect(fileCategory(type), type).toBe("document");
    }
  });

  it("classes image/* as images, video/* as videos, the rest as other", () => {
    expect(fileCategory("image/png")).toBe("image");
    expect(fileCategory("image/heic")).toBe("image");
    expect(fileCategory("video/mp4")).toBe("video");
    expect(fileCategory("video/quicktime")).toBe("video");
    for (const type of ["application/zip", "application/octet-stream", "audio/mpeg", "application/x-ole-storage"]) {
      expect(fileCategory(type), type).toBe("other");
    }
  });
});

describe("formatFileSize", () => {
  it("counts in base 1024 with at most two decimals (spec §9)", () => {
    expect(formatFileSize(0)).toBe("0 Bytes");
    expect(formatFileSize(1)).toBe("1 Bytes");
    expect(formatFileSize(1023)).toBe("1023 Bytes");
    expect(formatFileSize(1024)).toBe("1 kb");
    expect(formatFileSize(1536)).toBe("1.5 kb");
    expect(formatFileSize(1234567)).toBe("1.18 mb");
    expect(formatFileSize(5 * 1024 ** 3)).toBe("5 gb");
    expect(formatFileSize(3 * 1024 ** 5)).toBe("3072 tb");
  });
});

describe("fileListQuerySchema", () => {
  it("defaults to kept files, newest first, and reads removed as a boolean", () => {
    expect(fileListQuerySchema.parse({})).toMatchObject({ removed: false, sort: { field: "created", direction: "desc" } });
    expect(fileListQuerySchema.parse({ removed: "true", sort: "size:asc" })).toMatchObject({ removed: true, sort: { field: "size", direction: "asc" } });
    expect(fileListQuerySchema.safeParse({ removed: "yes" }).success).toBe(false);
    expect(fileListQuerySchema.safeParse({ sharing: "include" }).success).toBe(false);
  });
});
