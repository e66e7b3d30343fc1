import "server-only";
import type { ComponentType } from "react";
import type { ListPage } from "@/components/browse/browse-config";
import { pageRequestTo } from "./initial-session";

type ListHandler = (req: Request, args: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * A list's first page as its own endpoint answers the page request's session, so
 * the rows are in the first response. Only for the list as first opened (no query
 * in the address): its defaults are the endpoint's, which the screen shares
 * (lib/schemas/lists.ts). Anything else, or no session, is left to the screen.
 */
export async function firstPage<Item>(path: string, handler: ListHandler, searchParams: SearchParams) {
  if (Object.keys(await searchParams).length > 0) return undefined;
  const req = await pageRequestTo(`/api/api${path}`);
  if (!req) return undefined;
  const res = await handler(req, { params: Promise.resolve({}) });
  return res.ok ? ((await res.json()) as ListPage<Item>) : undefined;
}

/** A list route's page: the screen, given the first page when the server could read it. */
export function withFirstPage<Item>(path: string, handler: ListHandler, Screen: ComponentType<{ initial?: ListPage<Item> }>) {
  return async function ListRoute({ searchParams }: { searchParams: SearchParams }) {
    return <Screen initial={await firstPage<Item>(path, handler, searchParams)} />;
  };
}
