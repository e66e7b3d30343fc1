import "server-only";
import type { Db } from "@/db/client";
import type { AppLocale } from "@/lib/i18n/locales";
import { z } from "@/lib/schemas/z";
import { now } from "./clock";
import { pathPublicToken } from "./params";
import { PUBLIC_LINK_RESOURCE, PUBLIC_TOKEN_SHAPE, resolvePublicLink, type PublicLinkKind } from "./public-link";
import { hitRateLimit } from "./rate-limit";
import { clientAddress } from "./request-info";
import { publicRoute, type Handler, type PublicContext } from "./route";

/**
 * Routes of a customer's public page, `/api/api/public/<kind>/[token]` (ARCHITECTURE.md
 * §8a): no session is ever loaded, the token must name a live link of this kind, and
 * the handler is given only the document it opens (organization and id), so what it
 * reads is that document's. Every answer, errors included, carries `X-Robots-Tag: noindex`
 * and is not cached.
 */

type Schema = z.ZodType | undefined;

/** Who did something on a public page, for the document's record of it. */
export type PublicActor = { address: string; userAgent: string | null; at: Date };

const USER_AGENT_MAX = 512;

export function publicActor(req: Request): PublicActor {
  const agent = req.headers.get("user-agent");
  return { address: clientAddress(req), userAgent: agent ? agent.slice(0, USER_AGENT_MAX) : null, at: now() };
}

export type PublicDocumentContext<Q extends Schema, B extends Schema> = {
  db: Db;
  req: Request;
  /** The link's token, as the address carries it (to send the customer back to its page). */
  token: string;
  /** The one document the link opens. */
  document: { organizationId: string; documentId: string };
  actor: PublicActor;
  query: PublicContext<Q, B>["query"];
  body: PublicContext<Q, B>["body"];
  /** Headers added to the answer. */
  headers: Headers;
  locale: () => Promise<AppLocale>;
  /** Answers (errors included) in this language: the document's, which its page speaks. */
  answerIn: (locale: AppLocale) => void;
};

type Options<Q extends Schema, B extends Schema> = { query?: Q; body?: B; status?: number };

/** A person opening and answering one document stays far below this; guessing tokens (256 bits) is hopeless anyway. */
const perAddress = () => ({ limit: Number(process.env.PUBLIC_LINK_ADDRESS_RATE_LIMIT || 120), seconds: 60 });
/** One link, from wherever it is opened (a forwarded email, a script). */
const perLink = () => ({ limit: Number(process.env.PUBLIC_LINK_RATE_LIMIT || 300), seconds: 60 * 60 });

const ANSWER_HEADERS = { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store" };

export const publicTokenParams = z.object({ token: pathPublicToken(PUBLIC_LINK_RESOURCE, PUBLIC_TOKEN_SHAPE) });

/**
 * The link a token names, counted as the routes count it: the address, then the link.
 * The routes below and a public page's server rendering (app/p/…) both open links here.
 */
export async function openPublicLink(db: Db, token: string, kind: PublicLinkKind, ip: string) {
  await hitRateLimit(db, `public_link_address:${ip}`, perAddress());
  const link = await resolvePublicLink(db, token, kind);
  await hitRateLimit(db, `public_link:${link.linkId}`, perLink());
  return link;
}

/**
 * A handler of `/api/api/public/<kind>/[token]`. A token of the wrong shape is a 404
 * before the database is asked anything; then the address is counted, the link
 * resolved (404 alike for unknown, other kind, revoked, expired) and counted.
 */
export function publicDocumentRoute<Q extends Schema = undefined, B extends Schema = undefined>(
  kind: PublicLinkKind,
  options: Options<Q, B>,
  handler: (ctx: PublicDocumentContext<Q, B>) => Promise<unknown>,
): Handler {
  const inner = publicRoute({ ...options, params: publicTokenParams, anonymous: true }, async (ctx) => {
    const link = await openPublicLink(ctx.db, ctx.params.token, kind, ctx.ip);
    return handler({
      db: ctx.db,
      req: ctx.req,
      token: ctx.params.token,
      document: { organizationId: link.organizationId, documentId: link.documentId },
      actor: publicActor(ctx.req),
      query: ctx.query,
      body: ctx.body,
      headers: ctx.headers,
      locale: ctx.locale,
      answerIn: ctx.answerIn,
    });
  });
  const handle = async (req: Request, args: Parameters<Handler>[1]) => withAnswerHeaders(await inner(req, args));
  return Object.assign(handle, { spec: inner.spec });
}

/** A handler's own Response may have immutable headers (Response.redirect): then it is copied. */
function withAnswerHeaders(res: Response): Response {
  let answer = res;
  try {
    for (const [name, value] of Object.entries(ANSWER_HEADERS)) answer.headers.set(name, value);
  } catch {
    answer = new Response(res.body, { status: res.status, statusText: res.statusText, headers: new Headers(res.headers) });
    for (const [name, value] of Object.entries(ANSWER_HEADERS)) answer.headers.set(name, value);
  }
  return answer;
}
