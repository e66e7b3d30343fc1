"use client";
import { useEffect, useReducer, type ComponentType } from "react";

export type LazyComponent<P> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * A component whose code is fetched when first wanted, for what a screen shows
 * only after a click (a popover's content). `preload()` fetches it (again, after
 * a failure); once fetched it draws at once, without a suspense fallback, so a
 * popover opened after `preload()` has resolved appears whole. Drawn before, it
 * draws nothing and fetches itself.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));
  function Lazy(props: P) {
    const [, loadedNow] = useReducer((count: number) => count + 1, 0);
    useEffect(() => {
      if (!loaded) preload().then(loadedNow, () => undefined);
    }, []);
    const Component = loaded;
    return Component ? <Component {...props} /> : null;
  }
  return Object.assign(Lazy, { preload });
}
