import { describe, expect, it } from "vitest";
import { POST as upload } from "@/app/api/api/file/route";
import { POST as login } from "@/app/api/api/session/route";
import { ORIGIN } from "@/test/api";
import { signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { expectResponsiveDuring } from "@/test/responsive";
import { readForm } from "./body";
import { PEER_HEADER } from "./request-info";

const mailbox = useSmtpCatcher();
const MB = 1024 * 1024;

/** A chunked body of `total` bytes made as it is read; `pulled()` tells how much was. */
function endlessBody(total: number, chunk = 64 * 1024) {
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      sent += chunk;
      controller.enqueue(new Uint8Array(chunk).fill(0x20));
    },
  });
  return { stream, pulled: () => sent };
}

function post(path: string, body: BodyInit, headers: Record<string, string>) {
  return new Request(new URL(`/api/api${path}`, ORIGIN), {
    method: "POST",
    headers: { origin: ORIGIN, [PEER_HEADER]: "10.9.9.9", ...headers },
    body,
    duplex: "half",
  } as RequestInit);
}

const noParams = { params: Promise.resolve({}) };

describe("request bodies are counted on the stream", () => {
  it("refuses a 300 MB chunked JSON body before login after 1 MB, without reading the rest", async () => {
    const body = endlessBody(300 * MB);
    const res = await expectResponsiveDuring(() => login(post("/session", body.stream, { "content-type": "application/json" }), noParams));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ status: 413, message: "The request body may be at most 1 MB" });
    expect(res.headers.get("connection")).toBe("close");
    expect(body.pulled()).toBeLessThan(2 * MB);
  });

  it("refuses a body whose declared length is too large before reading it", async () => {
    const body = endlessBody(300 * MB);
    const res = await login(post("/session", body.stream, { "content-type": "application/json", "content-length": String(300 * MB) }), noParams);
    expect(res.status).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(64 * 1024);
  });

  it("refuses a chunked multipart upload past the file limit plus a margin", async () => {
    const { cookie } = await signUpOrganization(mailbox);
    const body = endlessBody(300 * MB);
    const headers = { "content-type": "multipart/form-data; boundary=x", cookie };
    const res = await expectResponsiveDuring(() => upload(post("/file", body.stream, headers), noParams));
    expect(res.status).toBe(413);
    expect(body.pulled()).toBeLessThan(12 * MB);
  });

  it("still reads ordinary bodies", async () => {
    const res = await login(post("/session", JSON.stringify({ email: "nobody@example.test", password: "x" }), { "content-type": "application/json" }), noParams);
    expect(res.status).toBe(401);
    const bad = await login(post("/session", "{not json", { "content-type": "application/json" }), noParams);
    expect(bad.status).toBe(400);
  });
});

describe("multipart bodies", () => {
  const formRequest = async (form: FormData) => {
    const encoded = new Response(form);
    return post("/file", new Uint8Array(await encoded.arrayBuffer()), { "content-type": encoded.headers.get("content-type")! });
  };
  const entries = async (form: FormData) =>
    Promise.all([...form.entries()].map(async ([name, value]) => (typeof value === "string" ? [name, value] : [name, value.name, value.type, Buffer.from(await value.arrayBuffer()).toString("base64")])));

  it("read the same, small ones on the event loop and large ones in a parse worker", async () => {
    for (const size of [1_000, 3 * MB]) {
      const form = new FormData();
      form.append("note", "Grüße aus München");
      form.append("file", new File([new Uint8Array(size).map((_, index) => index % 251)], "Prüfbericht – März.pdf", { type: "application/pdf" }));
      form.append("note", "second");
      const read = await readForm(await formRequest(form), 10 * MB);
      expect(await entries(read)).toEqual(await entries(form));
    }
  });

  it("are a 400 when they are no multipart body, small or large", async () => {
    for (const size of [100, 3 * MB]) {
      const req = post("/file", new Uint8Array(size).fill(0x41), { "content-type": "multipart/form-data; boundary=nothere" });
      await expect(readForm(req, 10 * MB)).rejects.toMatchObject({ status: 400, extra: { errors: [{ path: "", message: "errors.body.multipart" }] } });
    }
  });
});
