"use client";
import { lazy } from "react";

// Every page carries the not-found boundary; its message is fetched only when it is shown
// (drawn on the server as usual, so an unknown address reads it in the first response).
const NotFoundMessage = lazy(() => import("./not-found-message").then((module) => ({ default: module.NotFoundMessage })));

/** The not-found screen (app/not-found.tsx). */
export function NotFoundScreen() {
  return <NotFoundMessage />;
}
