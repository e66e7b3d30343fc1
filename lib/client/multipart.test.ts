import { describe, expect, it } from "vitest";
import { multipart } from "./multipart";

describe("multipart", () => {
  it("sends files as files, other objects as JSON text and scalars as plain fields", async () => {
    const photo = new File(["png"], "tap.png", { type: "image/png" });
    const plan = new File(["pdf"], "plan.pdf", { type: "application/pdf" });
    const form = multipart({
      file: photo,
      files: [photo, plan],
      type: { id: "note", content: "Hi" },
      mappings: [{ id: "name", column: 0 }],
      conversation: "c-1",
      dryRun: false,
      limit: 5,
      missing: undefined,
      cleared: null,
    });
    expect((form.get("file") as File).name).toBe("tap.png");
    expect(form.getAll("files").map((file) => (file as File).name)).toEqual(["tap.png", "plan.pdf"]);
    expect(await (form.getAll("files")[1] as File).text()).toBe("pdf");
    expect(form.get("type")).toBe('{"id":"note","content":"Hi"}');
    expect(form.get("mappings")).toBe('[{"id":"name","column":0}]');
    expect(form.get("conversation")).toBe("c-1");
    expect(form.get("dryRun")).toBe("false");
    expect(form.get("limit")).toBe("5");
    expect(form.has("missing")).toBe(false);
    expect(form.has("cleared")).toBe(false);
  });

  it("sends an empty list as JSON text, not as no field", () => {
    expect(multipart({ ids: [] }).get("ids")).toBe("[]");
  });
});
