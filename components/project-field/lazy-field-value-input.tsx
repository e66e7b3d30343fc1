"use client";
import { lazyComponent } from "@/lib/client/lazy-component";

/**
 * A custom field's input, its code (Mantine's date pickers, number and multi-select
 * inputs) fetched when a form first shows a custom field: the project and project
 * type screens stay within their first-load budget.
 */
export const FieldValueInput = lazyComponent(() => import("./field-value-input").then((module) => module.FieldValueInput));
