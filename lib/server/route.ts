import "server-only";
import { z } from "zod";
import { getDb, type Db } from "@/db/client";
import type { Privilege } from "@/lib/schemas/constants";
import { readBody, readJson, readForm, payloadTooLarge, unsupportedMediaType } from "./body";
import { bearerOf, loadTokenSession, readOnlyToken } from "./api-token";
import { ApiError, forbidden, unauthorized, type ErrorValues, type FieldError } from "./errors";
import { errorPageResponse, navigates, type ErrorPage } from "./error-page";
import { parseParams, type ParamsSchema } from "./params";
import { requirePrivilege } from "./privileges";
import { clientAddress, isHttps, requestOrigin } from "./request-info";
import { API_CSP, HSTS } from "./security-headers";
import { forgetSessions } from "./session-cache";
import { logRequest, REQUEST_ID_HEADER, requestIdOf } from "./request-log";
import { clearedCookie, loadSession, sentSessionCookie, type SessionContext } from "./session";
import { jsonBytes } from "./json-text";
import { fieldErrors, parseWith, queryObject } from "./validation";
import type { AppLocale } from "@/lib/i18n/locales";
import { requestLocale } from "@/lib/i18n/request-locale";
import { isMessage, translatorFor } from "@/lib/i18n/messages";

type Schema = z.ZodType | undefined;
type Out<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;
type Params = ParamsSchema | undefined;

type Options<Q extends Schema, B extends Schema, P extends Params> = {
  /** The path segments (`idParams("Member")`); one that does not parse is a 404 of the resource it names. */
  params?: P;
  query?: Q;
  body?: B;
  /**
   * A multipart body of at most this many bytes (read lazily: limits may come from
   * the environment). Declared with `body` too, the route takes either: JSON is
   * parsed into `body`, multipart read into `form`, by the request's content type.
   */
  form?: () => number;
  privilege?: Privilege;
  /** Refused (403) to API tokens: managing tokens, switching location and logging out need a browser session. */
  browserOnly?: boolean;
  /** Success status when the handler returns data; 200 by default. */
  status?: number;
  /**
   * An address a browser opens by itself (a download link): a failure it navigates
   * to is this page, in the same status, rather than the JSON body the app reads.
   */
  errorPage?: (failure: { status: number; message: string }, params: Record<string, string>) => ErrorPage;
};

/**
 * A webhook's raw body (a mail provider posting message/rfc822): only these
 * content types (others are 415), at most `maxBytes()` counted on the stream.
 * Such a request carries no cookie worth trusting and no Origin: the Origin rule
 * is skipped and no session is loaded, so it can never act as a signed-in member.
 */
export type RawBody = { types: readonly string[]; maxBytes: () => number };

type PublicOptions<Q extends Schema, B extends Schema, P extends Params> = Options<Q, B, P> & {
  raw?: RawBody;
  /** false: the route neither opens the database nor loads a session (readiness answers while the database is down). */
  database?: false;
  /** Never loads a session, so the answer is the same for everyone and may be cached (the API description). */
  anonymous?: boolean;
};

type BaseContext<Q extends Schema, B extends Schema, P extends Params> = {
  req: Request;
  db: Db;
  query: Out<Q>;
  body: Out<B>;
  /** The multipart body, for routes declared with `form` (unset when a route that also takes JSON got JSON). */
  form: FormData;
  /** Reads the raw body, for routes declared with `raw`; the handler decides when (after its cheap refusals). */
  raw: () => Promise<Uint8Array<ArrayBuffer>>;
  params: Out<P>;
  ip: string;
  /** Headers added to the response, e.g. Set-Cookie. */
  headers: Headers;
  /** The language of the answer (lib/i18n/request-locale.ts), for what a handler words itself (an import's report). */
  locale: () => Promise<AppLocale>;
  /** Answers (errors included) in this language rather than the request's: a customer's page speaks its document's. */
  answerIn: (locale: AppLocale) => void;
};

export type Context<Q extends Schema = undefined, B extends Schema = undefined, P extends Params = undefined> = BaseContext<
  Q,
  B,
  P
> & {
  session: SessionContext;
};
export type PublicContext<
  Q extends Schema = undefined,
  B extends Schema = undefined,
  P extends Params = undefined,
> = BaseContext<Q, B, P> & {
  session: SessionContext | null;
};

type RouteArgs = { params: Promise<Record<string, string | string[]>> };

/** What a route declared, kept on its handler so the API description (lib/openapi) reads the very schemas it validates with. */
export type RouteSpec = Omit<PublicOptions<Schema, Schema, Params>, "form"> & {
  form?: () => number;
  /** `session`: a signed-in member is required; `optional`: loaded when present; `none`: never loaded. */
  auth: "session" | "optional" | "none";
};
export type Handler = ((req: Request, args: RouteArgs) => Promise<Response>) & { spec: RouteSpec };

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** An endpoint that needs a signed-in member. */
export function route<Q extends Schema = undefined, B extends Schema = undefined, P extends Params = undefined>(
  options: Options<Q, B, P>,
  handler: (ctx: Context<Q, B, P>) => Promise<unknown>,
): Handler {
  return kernel(options, true, (ctx) => handler(ctx as Context<Q, B, P>));
}

/**
 * An endpoint open without a session (login, sign-up); the session is still loaded
 * when present, except for `raw` webhooks, which never act as a member.
 */
export function publicRoute<Q extends Schema = undefined, B extends Schema = undefined, P extends Params = undefined>(
  options: PublicOptions<Q, B, P>,
  handler: (ctx: PublicContext<Q, B, P>) => Promise<unknown>,
): Handler {
  return kernel(options, false, handler);
}

function kernel<Q extends Schema, B extends Schema, P extends Params>(
  options: PublicOptions<Q, B, P>,
  requireSession: boolean,
  handler: (ctx: PublicContext<Q, B, P>) => Promise<unknown>,
): Handler {
  const auth = requireSession ? "session" : options.raw || options.anonymous || options.database === false ? "none" : "optional";
  const handle = async (req: Request, args: RouteArgs) => {
    const started = performance.now();
    const requestId = requestIdOf(req);
    const headers = new Headers({ [REQUEST_ID_HEADER]: requestId });
    let session: SessionContext | null = null;
    let db: Db | undefined;
    let rawParams: Record<string, string> = {};
    let unexpected: unknown;
    let res: Response;
    let asked: Promise<AppLocale> | undefined;
    const locale = () => (asked ??= requestLocale(req, db, session));
    const answerIn = (chosen: AppLocale) => void (asked = Promise.resolve(chosen));
    try {
      // A bearer token carries no cookie a browser would send by itself, so the Origin rule does not apply to it.
      const bearer = auth === "none" ? undefined : bearerOf(req);
      if (options.raw) checkRawBody(req, options.raw);
      else if (MUTATING.has(req.method)) checkRequestOrigin(req, bearer === undefined);
      // The session comes first: a signed-out caller learns nothing from how its path or query would parse.
      db = options.database === false ? undefined : await getDb();
      const dbOrNone = db ?? withoutDatabase;
      // A token that does not hold is a 401, never a fall back to the cookie.
      session = auth === "none" ? null : bearer !== undefined ? await loadTokenSession(dbOrNone, bearer) : await loadSession(dbOrNone, req);
      if (session?.token) {
        if (options.browserOnly) throw forbidden("errors.browserOnly");
        if (session.token.readOnly && MUTATING.has(req.method)) throw readOnlyToken();
      }
      if (requireSession && !session) {
        if (sentSessionCookie(req)) headers.append("Set-Cookie", clearedCookie(req));
        throw unauthorized();
      }
      rawParams = await routeParams(args);
      const params = options.params ? parseParams(options.params, rawParams) : undefined;
      const query = options.query ? parseWith(options.query, queryObject(new URL(req.url).searchParams)) : undefined;
      if (options.privilege && session) requirePrivilege(session, options.privilege);
      const readsForm = options.form !== undefined && (options.body === undefined || isMultipart(req));
      const body = options.body && !readsForm ? parseWith(options.body, await readJson(req)) : undefined;
      const form = readsForm ? await readForm(req, options.form!()) : undefined;
      const raw = options.raw;
      const readRaw = () => (raw ? readBody(req, raw.maxBytes()) : Promise.reject(new Error("This route declares no raw body")));
      const ctx = { req, db: dbOrNone, query, body, form, raw: readRaw, params, session, ip: clientAddress(req), headers, locale, answerIn } as PublicContext<Q, B, P>;
      const result = await handler(ctx);
      if (result instanceof Response) {
        res = result;
        res.headers.set(REQUEST_ID_HEADER, requestId);
      } else if (result === undefined) {
        res = new Response(null, { status: 204, headers });
      } else {
        headers.set("Content-Type", "application/json");
        res = new Response(jsonBytes(result), { status: options.status ?? 200, headers });
      }
    } catch (error) {
      if (!(error instanceof ApiError) && !(error instanceof z.ZodError)) unexpected = error;
      const language = await locale();
      res = errorResponse(error, headers, language);
      if (options.errorPage && navigates(req)) {
        const { status, message } = (await res.clone().json()) as { status: number; message: string };
        const page = options.errorPage({ status, message }, rawParams);
        const t = translatorFor(language);
        const words = (text: string) => translated(t, language, text) as string;
        const shown = { title: words(page.title), text: words(page.text), link: { ...page.link, label: words(page.link.label) } };
        res = errorPageResponse(status, shown, headers, language);
      }
    } finally {
      // This instance's own writes take effect on the next request at once; other instances hear of them (session-cache.ts).
      if (MUTATING.has(req.method)) forgetSessions();
    }
    logRequest({ req, requestId, params: rawParams, status: res.status, started, memberId: session?.memberId, error: unexpected });
    return withSecurityHeaders(req, res);
  };
  return Object.assign(handle, { spec: { ...options, auth } as RouteSpec });
}

/** The `db` of a route declared with `database: false`: it must answer while the database does not. */
const withoutDatabase = new Proxy({} as Db, {
  get() {
    throw new Error("This route declares database: false");
  },
});

/** A handler's own policy (a served file's sandbox) is kept. */
function withSecurityHeaders(req: Request, res: Response): Response {
  if (!res.headers.has("Content-Security-Policy")) res.headers.set("Content-Security-Policy", API_CSP);
  if (isHttps(req)) res.headers.set("Strict-Transport-Security", HSTS);
  return res;
}

const contentType = (req: Request) => req.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
const isMultipart = (req: Request) => contentType(req) === "multipart/form-data";

function checkRequestOrigin(req: Request, checkOrigin: boolean): void {
  const origin = req.headers.get("origin");
  if (checkOrigin && (!origin || origin !== requestOrigin(req))) throw forbidden("errors.crossOrigin");
  const hasBody = req.method !== "DELETE" || req.headers.has("content-type");
  const type = req.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (hasBody && type !== "application/json" && type !== "multipart/form-data") {
    throw forbidden("errors.contentType");
  }
}

function checkRawBody(req: Request, raw: RawBody): void {
  const type = req.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!raw.types.includes(type)) throw unsupportedMediaType(raw.types);
  if (Number(req.headers.get("content-length") ?? 0) > raw.maxBytes()) throw payloadTooLarge(raw.maxBytes());
}

async function routeParams(args: RouteArgs | undefined): Promise<Record<string, string>> {
  const raw = (await args?.params) ?? {};
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) params[key] = Array.isArray(value) ? value.join("/") : value;
  return params;
}

type Translator = ReturnType<typeof translatorFor>;

/** Whether `text` names a message of the catalogues, not a group of them: "errors.conflict", not "email" nor "errors". */
const isKey = (locale: string, text: unknown): text is string => typeof text === "string" && text.includes(".") && !text.includes(" ") && isMessage(locale, text);

/** A value of a message in words: a key translated, phrases translated and joined, names listed as "A or B". */
function valueWords(t: Translator, locale: string, value: ErrorValues[string]): string | number {
  if (Array.isArray(value)) return value.map((phrase) => translated(t, locale, phrase.key, phrase.values) as string).join("; ");
  if (typeof value === "object") return new Intl.ListFormat(locale, { type: "disjunction" }).format(value.or);
  return isKey(locale, value) ? t(value as never) : value;
}

/** A catalogue key in the request's language, with its values in words; any other text as it is. */
function translated(t: Translator, locale: string, text: unknown, values: ErrorValues = {}): unknown {
  if (!isKey(locale, text)) return text;
  const words = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, valueWords(t, locale, value)]));
  return t(text as never, words as never);
}

/**
 * The error body, worded in `locale`: the message, a conflict's details and each
 * field error's message. Machine fields (status, path, permission, resource, type) stay.
 */
function errorResponse(error: unknown, headers: Headers, locale: string): Response {
  const t = translatorFor(locale);
  let status = 500;
  let body: Record<string, unknown> = { status, message: t("errors.internal") };
  let errors: FieldError[] | undefined;
  if (error instanceof ApiError) {
    status = error.status;
    const { values } = error;
    body = { status, message: translated(t, locale, error.message, values), ...error.extra };
    if ("details" in error.extra) body.details = translated(t, locale, error.extra.details, values);
    if (Array.isArray(error.extra.errors)) errors = error.extra.errors as FieldError[];
    for (const [name, value] of Object.entries(error.headers)) headers.set(name, value);
  } else if (error instanceof z.ZodError) {
    status = 400;
    body = { status, message: t("errors.invalidInput") };
    errors = fieldErrors(error);
  }
  if (errors) {
    body.errors = errors.map(({ values, ...fieldError }) => ({ ...fieldError, message: translated(t, locale, fieldError.message, values) }));
  }
  headers.set("Content-Type", "application/json");
  return new Response(JSON.stringify(body), { status, headers });
}
