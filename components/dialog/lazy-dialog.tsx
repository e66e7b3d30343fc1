"use client";
import { useState, type ComponentType } from "react";
import { lazyComponent } from "@/lib/client/lazy-component";

/**
 * A dialog whose code is fetched when it is first opened, for dialogs that bring what
 * their screen does not need (a schema, the phone number library): until then nothing
 * of it is in the page. Once fetched it stays drawn and shows or leaves by its own
 * `opened`, as every Dialog does (hidden when closed, then removed).
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean): ComponentType<P> {
  const Lazy = lazyComponent(load);
  return function LazyDialog(props: P) {
    const open = isOpen(props);
    const [wanted, setWanted] = useState(open);
    if (open && !wanted) setWanted(true);
    return wanted ? <Lazy {...props} /> : null;
  };
}
