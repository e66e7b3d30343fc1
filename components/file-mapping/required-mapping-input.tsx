"use client";
import { useEffect, useRef } from "react";

/**
 * A hidden input the form's own validation checks: while the mapping is not
 * complete, submitting is blocked and the browser points here with the message.
 */
export function RequiredMappingInput({ name, complete, message }: { name?: string; complete: boolean; message: string }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    ref.current?.setCustomValidity(complete ? "" : message);
  }, [complete, message]);
  return (
    <input
      ref={ref}
      name={name}
      required
      tabIndex={-1}
      aria-hidden
      value={complete ? "mapped" : ""}
      onChange={() => {}}
      data-mapping-input
      style={{ position: "absolute", left: 16, bottom: 0, width: 1, height: 1, opacity: 0, pointerEvents: "none" }}
    />
  );
}
