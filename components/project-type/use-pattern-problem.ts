"use client";
import { lazyModule, useLazyModule } from "@/lib/client/lazy-component";

// re2js comes when a screen first checks a pattern, not with the project type screens.
const patterns = lazyModule(() => import("@/lib/schemas/field-pattern"));

/**
 * Why a field's validation cannot be used, by the server's own function (so a pattern
 * it would refuse is flagged before any save); null when it can, and until the
 * checker is in, a moment after a pattern is first shown.
 */
export function usePatternProblem(validation: string | null | undefined): string | null {
  const text = validation?.trim() ?? "";
  const ready = useLazyModule(text ? patterns : undefined);
  return ready && text ? (patterns.current?.patternProblem(text) ?? null) : null;
}
