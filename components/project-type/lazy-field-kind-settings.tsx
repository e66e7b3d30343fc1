"use client";
import { lazyComponent } from "@/lib/client/lazy-component";

/** A number's or a choice's settings, their code fetched when a field of such a kind is first shown. */
export const FieldKindSettings = lazyComponent(() => import("./field-kind-settings").then((module) => module.FieldKindSettings));
