/**
 * Files of the isolation world, each visible by where it is used (lib/services/file-visibility.ts):
 * one carried by a note to a customer living at South, the organization's picture, and an
 * upload attached nowhere. Made through the endpoints the first time a case asks, once per world.
 */
import { expect } from "vitest";
import { GET as listFilesRoute, POST as uploadFile } from "@/app/api/api/file/route";
import { POST as postMessageRoute } from "@/app/api/api/message/route";
import { GET as getSession } from "@/app/api/api/session/route";
import { PATCH as patchOrganization } from "@/app/api/api/organization/[id]/route";
import { POST as createToken } from "@/app/api/api/token/route";
import { expiryInDays } from "@/lib/schemas/api-token";
import { call } from "@/test/api";
import { invalid } from "@/test/answers";
import { makeCustomer, messageRow, postMessage } from "@/test/conversations";
import { refusedWrite } from "./cases";
import type { Actor } from "./items";
import { expectCreated, PNG, pngForm, type World } from "./world";

export type FileWorld = {
  /** Attached to a note to a customer that lives at South and is not shared: North cannot see it. */
  southCustomer: string;
  /** The organization's picture, uploaded by A's founder: the whole organization sees it. */
  picture: string;
  /** Uploaded by the member without privileges at South and attached nowhere: its uploader's and admins'. */
  loose: string;
};

/** Who uploaded `loose`. */
export const LOOSE_UPLOADER = "none@south";

/** A picture of its own size, so storage counts tell it apart from the others. */
export const SOUTH_PICTURE = Uint8Array.from([...PNG, ...new Uint8Array(1000)]);

const built = new WeakMap<World, Promise<FileWorld>>();

export const fileWorld = (w: World): Promise<FileWorld> => {
  if (!built.has(w)) built.set(w, build(w));
  return built.get(w)!;
};

export const actorOf = (w: World, key: string) => w.actors.find((actor) => actor.key === key)!;

async function build(w: World): Promise<FileWorld> {
  const southManager = actorOf(w, "customers_manage@south");
  const customer = await makeCustomer(southManager.cookie, { name: "Sylvia South" });
  const note = new FormData();
  note.set("customer", customer.id);
  note.set("type", JSON.stringify({ id: "note", content: "Photo of the boiler" }));
  note.append("files", new File([SOUTH_PICTURE], "south-boiler.png", { type: "image/png" }));
  const sent = await postMessage(southManager.cookie, note);
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  const [southCustomer] = (await messageRow(sent.body.id)).files;

  const picture = expectCreated(await call(uploadFile, "POST", "/file", { cookie: w.a.cookie, body: pngForm("logo.png") }));
  const id = w.a.organizationId;
  const pictured = await call(patchOrganization, "PATCH", `/organization/${id}`, { cookie: w.a.cookie, params: { id }, body: { image: picture } });
  expect(pictured.status, JSON.stringify(pictured.body)).toBe(200);

  const loose = expectCreated(await call(uploadFile, "POST", "/file", { cookie: actorOf(w, LOOSE_UPLOADER).cookie, body: pngForm("loose.png") }));
  return { southCustomer, picture, loose };
}

/** Whether the actor may see each file of the file world, by the rule the suite checks. */
export const expectedSight = (actor: Actor) => ({
  southCustomer: actor.place !== "north",
  picture: true,
  loose: actor.privileges.includes("admin") || actor.key === LOOSE_UPLOADER,
});

const tokens = new WeakMap<Actor, Promise<string>>();

/**
 * The actor's API token, as a script sends it: no cookie, no Origin. Used once
 * here, so its last use is fresh and a refused write right after changes no row.
 */
export const asScript = async (actor: Actor) => {
  if (!tokens.has(actor)) {
    tokens.set(
      actor,
      call(createToken, "POST", "/token", { cookie: actor.cookie, body: { name: "Files script", expires_at: expiryInDays(30) } }).then((res) => {
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        return res.body.token as string;
      }),
    );
  }
  const auth = { headers: { authorization: `Bearer ${await tokens.get(actor)!}` }, origin: null };
  expect((await call(getSession, "GET", "/session", auth)).status).toBe(200);
  return auth;
};

/** Every file of the organization the caller lists, removed or not. */
export const listedFiles = async (auth: { cookie?: string; headers?: Record<string, string> }) => {
  const listed: string[] = [];
  for (const removed of ["false", "true"]) {
    const res = await call(listFilesRoute, "GET", "/file", { ...auth, query: { limit: "10000", removed } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    listed.push(...res.body.items.map((item: { id: string }) => item.id));
  }
  return listed;
};

/**
 * Attaching a file makes it as visible as the conversation, so a file the member
 * cannot see is refused as an unknown one, and nothing is written.
 */
export async function attachesOnlyWhatItSees(w: World) {
  const f = await fileWorld(w);
  const forward = (key: keyof FileWorld) => ({ customer: w.items.customer.editDefault.id, type: { id: "note", content: "Forwarded" }, files: [f[key]] });
  const unknown = invalid("files.0", "This file does not exist");
  for (const actor of w.actors) {
    const sight = expectedSight(actor);
    for (const key of (Object.keys(f) as (keyof FileWorld)[]).filter((k) => !sight[k])) {
      await refusedWrite(w, `${actor.key} attaches ${key}`, unknown, () => postMessage(actor.cookie, forward(key)));
    }
  }
  const script = await asScript(actorOf(w, "none@north"));
  await refusedWrite(w, "a North token attaches South's file", unknown, () =>
    call(postMessageRoute, "POST", "/message", { ...script, body: forward("southCustomer") }),
  );
}
