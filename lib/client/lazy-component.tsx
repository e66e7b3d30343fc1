"use client";
import { useEffect, useState, useSyncExternalStore, type ComponentType } from "react";

export type LazyComponent<P> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * A component whose code is fetched when first wanted, for what a screen shows
 * only after a click (a popover's content). `preload()` fetches it (again, after
 * a failure); once fetched it draws at once, without a suspense fallback, so a
 * popover opened after `preload()` has resolved appears whole. Drawn before, it
 * draws nothing and fetches itself. While a server-rendered page hydrates it
 * draws nothing, as on the server, even if its code came in meanwhile.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const preload = () =>
    (pending ??= load().then(
      (component) => {
        loaded = component;
        for (const listener of listeners) listener();
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const isLoaded = () => loaded !== null;
  const onServer = () => false;
  function Lazy(props: P) {
    const ready = useSyncExternalStore(subscribe, isLoaded, onServer);
    useEffect(() => {
      if (!loaded) preload().catch(() => undefined);
    }, []);
    const Component = ready ? loaded : null;
    return Component ? <Component {...props} /> : null;
  }
  return Object.assign(Lazy, { preload });
}

/** A module fetched when first wanted: `current` once it is in, `load()` fetches it (again, after a failure). */
export type LazyModule<T> = { readonly current: T | null; load: () => Promise<T> };

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let current: T | null = null;
  let pending: Promise<T> | null = null;
  return {
    get current() {
      return current;
    },
    load: () =>
      (pending ??= importer().then(
        (module) => (current = module),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      )),
  };
}

/**
 * Whether a screen may draw what needs `lazy`: at once when it is in (or none is
 * asked for), else once it has been fetched, or has failed to be (the screen then
 * does without it).
 */
export function useLazyModule(lazy?: LazyModule<unknown>): boolean {
  const [settled, setSettled] = useState(false);
  const ready = !lazy || lazy.current !== null || settled;
  useEffect(() => {
    if (!ready) lazy?.load().then(() => setSettled(true), () => setSettled(true));
  }, [lazy, ready]);
  return ready;
}
