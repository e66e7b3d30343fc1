"use client";
import { useSyncExternalStore } from "react";

const never = () => () => {};

/** The browser's user agent; empty while the page is rendered on the server. */
export const useUserAgent = () =>
  useSyncExternalStore(
    never,
    () => navigator.userAgent,
    () => "",
  );
