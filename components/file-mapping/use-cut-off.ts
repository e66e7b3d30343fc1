"use client";
import { useCallback, useEffect, useState } from "react";

/** Marks the element whose text may be cut off, inside the element the ref is given to. */
export const CUT_OFF_TEXT = "data-cut-off-text";

/** Whether a chip's label is cut off with an ellipsis, kept up to date as the chip's room changes. */
export function useCutOff() {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [cutOff, setCutOff] = useState(false);
  useEffect(() => {
    const text = element?.querySelector<HTMLElement>(`[${CUT_OFF_TEXT}]`);
    if (!text) return;
    const measure = () => setCutOff(text.scrollWidth > text.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(text);
    return () => observer.disconnect();
  }, [element]);
  const ref = useCallback((node: HTMLElement | null | undefined) => setElement(node ?? null), []);
  return { ref, cutOff };
}
