import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { message } from "@/db/schema/conversation";
import { file } from "@/db/schema/file";
import { readStoredFile } from "@/lib/server/storage";
import { makeCustomer } from "@/test/conversations";
import { pointEnv } from "@/test/env";
import { signUpOrganization } from "@/test/fixtures";
import { inboundAddress } from "@/test/inbound";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { newSid, postTwilioSms, TWILIO, useTwilioEnv } from "@/test/twilio";

const mailbox = useSmtpCatcher();

const PICTURE = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
const MEDIA_PATH = (message: string, media: string) => `/2010-04-01/Accounts/${TWILIO.accountSid}/Messages/${message}/Media/${media}`;

/**
 * Twilio's media as it serves it: the account's media path answers, with the
 * account's credentials only, by a redirect to where the bytes are kept.
 */
let media: { url: string; requests: { path: string; authorization: string | null }[]; close: () => Promise<void> };
let restoreEnv: () => void;

beforeAll(async () => {
  const requests: { path: string; authorization: string | null }[] = [];
  const expected = `Basic ${Buffer.from(`${TWILIO.accountSid}:${TWILIO.authToken}`).toString("base64")}`;
  const server = http.createServer((req, res) => {
    const path = req.url ?? "";
    requests.push({ path, authorization: req.headers.authorization ?? null });
    if (path.startsWith("/store/")) {
      const big = path.endsWith("big");
      res.writeHead(200, { "Content-Type": "image/png" });
      // The large one never says its length, so only counting the stream can stop it.
      if (!big) return res.end(PICTURE);
      const chunk = Buffer.alloc(64 * 1024, 1);
      let sent = 0;
      const pump = () => {
        while (sent < 64 && res.write(chunk)) sent++;
        if (sent < 64) res.once("drain", pump);
        else res.end();
      };
      res.on("error", () => {});
      return pump();
    }
    if (req.headers.authorization !== expected) {
      res.writeHead(401);
      return res.end();
    }
    const found = /\/Media\/(ME\w+)$/.exec(path);
    if (!found) {
      res.writeHead(404);
      return res.end();
    }
    res.writeHead(307, { Location: `/store/${found[1]}` });
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  media = { url, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  restoreEnv = useTwilioEnv(url);
});
afterAll(async () => {
  restoreEnv();
  await media.close();
});

async function storedText(organizationId: string, sid: string) {
  const db = await getDb();
  const [row] = await db.select().from(message).where(and(eq(message.organizationId, organizationId), eq(message.providerId, sid)));
  const files = row.files.length ? await db.select().from(file).where(inArray(file.id, row.files)) : [];
  return { row, files };
}

describe("picture messages from Twilio", () => {
  it("keeps each picture as a file of the message, fetched with the account's credentials", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    await makeCustomer(cookie, { name: "Pat Picture", phone: "+44 7911 123470" });
    const { token } = await inboundAddress(cookie, organizationId);
    const sid = newSid();
    const res = await postTwilioSms(token, {
      MessageSid: sid,
      From: "+447911123470",
      Body: "The leak, see picture",
      NumMedia: "2",
      MediaUrl0: `${media.url}${MEDIA_PATH(sid, "ME0001")}`,
      MediaContentType0: "image/png",
      MediaUrl1: `${media.url}${MEDIA_PATH(sid, "ME0002")}`,
      MediaContentType1: "image/jpeg",
    });
    expect(res.status).toBe(200);
    const { row, files } = await storedText(organizationId, sid);
    expect(row.content).toBe("The leak, see picture");
    expect(files.map((f) => f.name).sort()).toEqual(["picture-message-1.png", "picture-message-2.jpg"]);
    expect(files.every((f) => f.organizationId === organizationId)).toBe(true);
    expect(Buffer.from((await readStoredFile(organizationId, files[0].id))!)).toEqual(PICTURE);
    const asked = media.requests.filter((r) => r.path.includes(sid));
    expect(asked.map((r) => r.authorization)).toEqual(Array(2).fill(expect.stringMatching(/^Basic /)));
  });

  it("never fetches media from another host or another account, and names it in the text instead", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const { token } = await inboundAddress(cookie, organizationId);
    const sid = newSid();
    const before = media.requests.length;
    const res = await postTwilioSms(token, {
      MessageSid: sid,
      NumMedia: "2",
      MediaUrl0: `http://127.0.0.2:1${MEDIA_PATH(sid, "ME0001")}`,
      MediaContentType0: "image/png",
      MediaUrl1: `${media.url}/2010-04-01/Accounts/AC${"2".repeat(32)}/Messages/${sid}/Media/ME0002`,
      MediaContentType1: "image/png",
    });
    expect(res.status).toBe(200);
    const { row, files } = await storedText(organizationId, sid);
    expect(files).toEqual([]);
    expect(row.content).toContain("[Media not kept: picture-message-1.png: The media is not on Twilio's API for this account; picture-message-2.png: The media is not on Twilio's API for this account]");
    expect(media.requests.length).toBe(before);
  });

  it("stops reading a picture past the file size limit and keeps the text", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const { token } = await inboundAddress(cookie, organizationId);
    const sid = newSid();
    const kept = process.env.FILE_MAX_BYTES;
    process.env.FILE_MAX_BYTES = String(1024 * 1024);
    try {
      const res = await postTwilioSms(token, {
        MessageSid: sid,
        Body: "Huge",
        NumMedia: "1",
        MediaUrl0: `${media.url}${MEDIA_PATH(sid, "MEbig")}`,
        MediaContentType0: "image/png",
      });
      expect(res.status).toBe(200);
    } finally {
      if (kept === undefined) delete process.env.FILE_MAX_BYTES;
      else process.env.FILE_MAX_BYTES = kept;
    }
    const { row, files } = await storedText(organizationId, sid);
    expect(files).toEqual([]);
    expect(row.content).toBe("Huge\n\n[Media not kept: picture-message-1.png: The media is larger than 1 MB]");
  });

  it("keeps the text and names the picture when the organization's storage is full", async () => {
    const restore = pointEnv({ STORAGE_QUOTA_BYTES: "10", INBOUND_STORAGE_CEILING_BYTES: "10" });
    try {
      const { cookie, organizationId } = await signUpOrganization(mailbox);
      const { token } = await inboundAddress(cookie, organizationId);
      const sid = newSid();
      const res = await postTwilioSms(token, {
        MessageSid: sid,
        Body: "The tap",
        NumMedia: "1",
        MediaUrl0: `${media.url}${MEDIA_PATH(sid, "ME0001")}`,
        MediaContentType0: "image/png",
      });
      expect(res.status).toBe(200);
      const { row, files } = await storedText(organizationId, sid);
      expect(files).toEqual([]);
      expect(row.content).toBe("The tap\n\n[Attachments not kept (storage full): picture-message-1.png]");
    } finally {
      restore();
    }
  });
});
