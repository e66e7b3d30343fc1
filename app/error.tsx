"use client";
import { lazy } from "react";

// Every page carries this boundary; its message is fetched only when an error is shown.
// Should that fail too, the error reaches Next's global error page, which offers a reload.
const ErrorMessage = lazy(() => import("@/components/shell/error-message").then((module) => ({ default: module.ErrorMessage })));

export default function ErrorPage({ reset }: { error: Error; reset: () => void }) {
  return <ErrorMessage reset={reset} />;
}
