"use client";
import useSWR from "swr";
import { api, ApiRequestError } from "@/lib/client/api";
import { STATUS_ACTIVE_REMOVED } from "@/lib/schemas/lists";

// Keeps each request's URL short (a uuid is 36 characters) while still loading a page of names at once.
const IDS_PER_REQUEST = 100;

/**
 * Items of one type by id, through its list endpoint (`id[]`), removed ones
 * included: a project keeps naming an owner who has left.
 */
export async function itemsById<Item extends { id: string }>(type: string, ids: string[]): Promise<Map<string, Item>> {
  const unique = [...new Set(ids)];
  const chunks = Array.from({ length: Math.ceil(unique.length / IDS_PER_REQUEST) }, (_, i) =>
    unique.slice(i * IDS_PER_REQUEST, (i + 1) * IDS_PER_REQUEST),
  );
  const pages = await Promise.all(
    chunks.map((chunk) =>
      api.get<{ items: Item[] }>(`/${type}`, { id: chunk, status: [...STATUS_ACTIVE_REMOVED], limit: chunk.length }),
    ),
  );
  return new Map(pages.flatMap((page) => page.items.map((item) => [item.id, item] as const)));
}

/** Many items of one type in one request (per hundred ids), e.g. the owners of every card on a board. */
export function useItemsById<Item extends { id: string }>(type: string, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))].sort();
  const key = wanted.length > 0 ? ["items-by-id", type, wanted.join(",")] : null;
  const { data } = useSWR(key, () => itemsById<Item>(type, wanted), { keepPreviousData: true, revalidateOnFocus: false });
  return data ?? EMPTY;
}

const EMPTY = new Map<string, never>();

type Waiting = { resolve: (item: unknown) => void; reject: (error: unknown) => void };
const queued = new Map<string, Map<string, Waiting[]>>();

async function flush(type: string) {
  const waiting = queued.get(type)!;
  queued.delete(type);
  try {
    const found = await itemsById(type, [...waiting.keys()]);
    for (const [id, waiters] of waiting) {
      const item = found.get(id);
      const missing = new ApiRequestError({ status: 404, message: "Not found" });
      for (const waiter of waiters) if (item) waiter.resolve(item); else waiter.reject(missing);
    }
  } catch (error) {
    for (const waiters of waiting.values()) for (const waiter of waiters) waiter.reject(error);
  }
}

/** One item by id; the ids asked for in the same moment (the rows of a page) travel in one list request. */
export function lookUp<Item>(type: string, id: string): Promise<Item> {
  return new Promise((resolve, reject) => {
    let waiting = queued.get(type);
    if (!waiting) {
      waiting = new Map();
      queued.set(type, waiting);
      setTimeout(() => void flush(type), 0);
    }
    waiting.set(id, [...(waiting.get(id) ?? []), { resolve: resolve as (item: unknown) => void, reject }]);
  });
}

/** One item through the batch; cached under `/{type}/{id}`, the same key a detail screen or reference badge uses. */
export function useItem<Item>(type: string, id: string | null | undefined) {
  return useSWR<Item>(id ? `/${type}/${id}` : null, () => lookUp<Item>(type, id!), { shouldRetryOnError: false });
}
