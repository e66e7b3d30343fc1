"use client";
import { useEffect, useState, type ComponentType } from "react";
import { toasterState } from "@/lib/client/toast";

/**
 * Where the toasts appear. Mantine's Notifications (with its transitions) is
 * loaded on the first click or key press, or when a toast is asked for before
 * either: no screen needs it to draw. A failed load is tried again on the next
 * request.
 */
export function Toaster() {
  const [Stack, setStack] = useState<ComponentType | null>(null);
  useEffect(() => {
    let loading = false;
    const load = () => {
      if (loading) return;
      loading = true;
      import("./toast-stack").then(
        (module) => setStack(() => module.ToastStack),
        () => (loading = false),
      );
    };
    const unsubscribe = toasterState.subscribe(load);
    if (toasterState.wanted()) load();
    const options = { capture: true, passive: true } as const;
    window.addEventListener("pointerdown", load, options);
    window.addEventListener("keydown", load, options);
    return () => {
      unsubscribe();
      window.removeEventListener("pointerdown", load, options);
      window.removeEventListener("keydown", load, options);
    };
  }, []);
  return Stack ? <Stack /> : null;
}
