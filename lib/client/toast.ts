import { notifications } from "@mantine/notifications";
import { privilegeLabel } from "@/lib/schemas/constants";
import { ApiRequestError, NetworkError } from "./api";
import { translate } from "./translate";

export type ToastStatus = "info" | "warning" | "error" | "success";

const COLORS: Record<ToastStatus, string> = { info: "blue", warning: "yellow", error: "red", success: "green" };

/** Spec §9: toasts are 300 px wide at the bottom right, show 100 ms after they are made, stay 5000 ms and leave over 400 ms. */
export const TOAST = { width: 300, showDelayMs: 100, durationMs: 5000, exitMs: 400 } as const;

/**
 * The toasts' container (Mantine's Notifications, components/toast/toaster.tsx) is
 * loaded on a visit's first click or key press, or its first toast, rather than
 * with the screen; a toast waits until the container is in the page, so each one
 * is animated in as before.
 */
const toaster = { ready: null as Promise<void> | null, markReady: () => {}, mounted: false, listeners: new Set<() => void>() };

/** Asks for the toasts' container (again, should it have failed to load); resolves once it is in the page. */
export function requestToaster(): Promise<void> {
  if (toaster.mounted) return Promise.resolve();
  toaster.ready ??= new Promise<void>((resolve) => (toaster.markReady = resolve));
  for (const listener of toaster.listeners) listener();
  return toaster.ready;
}

/** For the container: to hear when it is asked for, whether it was, and to say it is in the page. */
export const toasterState = {
  subscribe(listener: () => void) {
    toaster.listeners.add(listener);
    return () => void toaster.listeners.delete(listener);
  },
  wanted: () => toaster.ready !== null,
  mounted: () => {
    toaster.mounted = true;
    toaster.markReady();
  },
};

export function toast(status: ToastStatus, title: string, body?: string, duration: number = TOAST.durationMs) {
  const ready = requestToaster();
  setTimeout(
    () =>
      void ready.then(() =>
        notifications.show({ color: COLORS[status], title, message: body ?? "", autoClose: duration, withBorder: true }),
      ),
    TOAST.showDelayMs,
  );
}

export const notSupported = () => toast("info", translate("errors.toast.notSupported"));

type Failure = { status: ToastStatus; title: string; body: string };

/** The error catalogue's words for a failed request (spec §8), in the page's language; the server's own words come translated. */
function failureOf(error: unknown): Failure {
  const oops = translate("errors.toast.oops");
  if (error instanceof NetworkError) return { status: "error", title: oops, body: translate("errors.toast.offline") };
  if (!(error instanceof ApiRequestError)) return { status: "error", title: oops, body: translate("errors.toast.unexpected") };
  const body = error.body;
  switch (body.status) {
    case 400:
      return {
        status: "warning",
        title: translate("errors.invalidInput"),
        body: (body.errors ?? []).map((e) => e.message).join(", ") || body.message,
      };
    case 401:
      return { status: "warning", title: translate("errors.unauthorized"), body: translate("errors.toast.logIn") };
    case 403:
      return body.permission
        ? { status: "warning", title: translate("errors.permissionRequired"), body: translate(privilegeLabel(body.permission)) }
        : { status: "warning", title: translate("errors.forbidden"), body: "" };
    case 404:
      return { status: "warning", title: translate("errors.toast.notFound"), body: body.message };
    case 409:
      return { status: "warning", title: translate("errors.conflict"), body: body.details ?? "" };
    case 429:
      // The server says which limit was reached and how long to wait.
      return { status: "warning", title: translate("errors.toast.tooManyRequests"), body: body.message };
    default:
      return { status: "error", title: oops, body: translate("errors.toast.unexpected") };
  }
}

/**
 * The toast of the error catalogue for a failed request. `conflict`: the title of a
 * refusal (409) where the screen can say what did not happen ("Not moved to …"),
 * above the server's reason.
 */
export function errorToast(error: unknown, { conflict }: { conflict?: string } = {}) {
  console.error(error);
  const { status, title, body } = failureOf(error);
  const refused = conflict !== undefined && error instanceof ApiRequestError && error.status === 409;
  toast(status, refused ? conflict : title, body || undefined);
}

/** The same failure as one line of text, for screens that show their errors in place (log in, sign up). */
export function failureText(error: unknown): string {
  // In place there is room for the server's reason where the catalogue only has "Oops".
  if (error instanceof ApiRequestError && error.status === 429) return error.body.message;
  const { title, body } = failureOf(error);
  return body || title;
}
