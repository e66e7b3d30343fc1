"use client";
import { Notifications } from "@mantine/notifications";
import { useEffect } from "react";
import { TOAST, toasterState } from "@/lib/client/toast";

/** Mantine's Notifications as the app shows its toasts; loaded by the Toaster. */
export function ToastStack() {
  // Its portal is in the page by now (a layout effect); the toasts asked for meanwhile may show.
  useEffect(() => toasterState.mounted(), []);
  return <Notifications position="bottom-right" w={TOAST.width} limit={5} transitionDuration={TOAST.exitMs} />;
}
