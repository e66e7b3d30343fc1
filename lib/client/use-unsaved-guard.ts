"use client";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";

type Action = () => void;

const GUARD_STATE = "unsavedGuard";

// The mounted form's guard, so navigation started elsewhere (quick action, switcher) can ask it first.
let activeLeave: ((action: Action) => void) | null = null;

/** For code that navigates programmatically: asks the open form first when it has unsaved input. */
export function leaveGuarded(action: Action) {
  if (activeLeave) activeLeave(action);
  else action();
}

function pushSentinel() {
  // Keeps Next's own entry state (tree, __NA) so the router sees an ordinary same-URL entry.
  window.history.pushState({ ...window.history.state, [GUARD_STATE]: true }, "", window.location.href);
}

/**
 * Asks before a dirty form is left: same-origin link clicks (captured before Next's
 * Link sees them), the browser back button (a same-URL history entry is pushed while
 * dirty, so Back lands on it and can be undone), navigation the form starts itself
 * (`leave`), and reload or close (`beforeunload`).
 */
export function useUnsavedGuard(dirty: boolean) {
  const router = useRouter();
  const [pending, setPending] = useState<Action | null>(null);
  const dirtyRef = useRef(dirty);
  const released = useRef(false);
  const sentinel = useRef(false);
  const swallow = useRef<Action | null>(null);
  const guarding = () => dirtyRef.current && !released.current;

  useLayoutEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);

  /** Runs a navigation without asking, first taking back the extra history entry. */
  const proceed = useCallback((action: Action) => {
    released.current = true;
    if (!sentinel.current) return action();
    sentinel.current = false;
    swallow.current = action;
    window.history.back();
  }, []);

  const leave = useCallback((action: Action) => {
    if (dirtyRef.current && !released.current) setPending(() => action);
    else proceed(action);
  }, [proceed]);

  useEffect(() => {
    activeLeave = leave;
    return () => {
      if (activeLeave === leave) activeLeave = null;
    };
  }, [leave]);

  useEffect(() => {
    released.current = false;
    if (dirty && !sentinel.current) {
      pushSentinel();
      sentinel.current = true;
    } else if (!dirty && sentinel.current && !swallow.current) {
      sentinel.current = false;
      swallow.current = () => {};
      window.history.back();
    }
  }, [dirty]);

  useEffect(() => {
    // Capturing on window runs before the App Router's popstate listener, so it can be stopped.
    const onPopState = (event: PopStateEvent) => {
      const after = swallow.current;
      if (after) {
        swallow.current = null;
        event.stopImmediatePropagation();
        after();
      } else if (sentinel.current && guarding()) {
        event.stopImmediatePropagation();
        sentinel.current = false;
        setPending(() => () => window.history.back());
      }
    };
    const onClick = (event: MouseEvent) => {
      if (!guarding() || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!anchor || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href, window.location.href);
      // Other sites are left by a full page load, which beforeunload already covers.
      if (url.origin !== window.location.origin) return;
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(() => () => router.push(url.pathname + url.search + url.hash));
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!guarding()) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("popstate", onPopState, true);
    document.addEventListener("click", onClick, true);
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      window.removeEventListener("popstate", onPopState, true);
      document.removeEventListener("click", onClick, true);
      window.removeEventListener("beforeunload", onBeforeUnload);
    };
  }, [router]);

  const stay = useCallback(() => {
    setPending(null);
    if (dirtyRef.current && !sentinel.current) {
      pushSentinel();
      sentinel.current = true;
    }
  }, []);

  const discard = useCallback(() => {
    const action = pending;
    setPending(null);
    if (action) proceed(action);
  }, [pending, proceed]);

  return { asking: pending !== null, stay, discard, leave, proceed };
}
