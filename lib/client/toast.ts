import { notifications } from "@mantine/notifications";
import { ApiRequestError } from "./api";

export type ToastStatus = "info" | "warning" | "error" | "success";

const COLORS: Record<ToastStatus, string> = { info: "blue", warning: "yellow", error: "red", success: "green" };

export function toast(status: ToastStatus, title: string, body?: string, duration = 5000) {
  notifications.show({ color: COLORS[status], title, message: body ?? "", autoClose: duration, withBorder: true });
}

export const notSupported = () => toast("info", "Not currently supported");

/** The toast of the error catalogue for a failed request. */
export function errorToast(error: unknown) {
  console.error(error);
  if (!(error instanceof ApiRequestError)) return toast("error", "Oops", "Something went wrong");
  const body = error.body;
  switch (body.status) {
    case 400:
      return toast("warning", "Invalid input", (body.errors ?? []).map((e) => e.message).join(", ") || body.message);
    case 401:
      return toast("warning", "Unauthorized", "Log in to continue");
    case 403:
      return body.permission
        ? toast("warning", "Permission required", body.permission)
        : toast("warning", "You lack access rights to do this action");
    case 404:
      return toast("warning", "Not found", `${body.resource ?? "Resource"} not found`);
    case 409:
      return toast("warning", "Conflict", body.details ?? "");
    default:
      return toast("error", "Oops", "Something went wrong");
  }
}
