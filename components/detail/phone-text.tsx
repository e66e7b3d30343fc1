"use client";
import { Anchor, type AnchorProps } from "@mantine/core";
import { createContext, useContext, useEffect, useReducer, type ReactNode } from "react";
import { useSession } from "@/lib/client/use-session";
import type { formatPhone as FormatPhone } from "@/lib/schemas/phone";

/**
 * Stored numbers as the server showed them, for the organization's country
 * (app/(shell)/customer/page.tsx): the customer list's first page reads its phones
 * without the phone number library.
 */
const PhoneDisplays = createContext<Record<string, string>>({});

// The phone number library (about 25 kB gzipped) is fetched when a screen first shows a number, not with the screen.
let formatter: typeof FormatPhone | null = null;
let failed = false;
let pending: Promise<void> | null = null;

/** Fetches the phone number library, once (again after a failure). */
function loadFormatter(): Promise<void> {
  return (pending ??= import("@/lib/schemas/phone").then(
    (module) => {
      formatter = module.formatPhone;
      failed = false;
    },
    () => {
      failed = true;
      pending = null;
    },
  ));
}

/**
 * Provides the server's displays. The library is fetched on the first click or key
 * press, which comes before any search or page of other rows.
 */
export function PhoneDisplaysProvider({ value, children }: { value: Record<string, string>; children: ReactNode }) {
  useEffect(() => {
    const options = { capture: true, passive: true, once: true } as const;
    const load = () => void loadFormatter();
    window.addEventListener("pointerdown", load, options);
    window.addEventListener("keydown", load, options);
    return () => {
      window.removeEventListener("pointerdown", load, options);
      window.removeEventListener("keydown", load, options);
    };
  }, []);
  return <PhoneDisplays.Provider value={value}>{children}</PhoneDisplays.Provider>;
}

/**
 * A stored (E.164) number as it is shown: nationally when it is of the organization's
 * country, else internationally. Undefined until the library is in for a number the
 * server did not show; should the library fail to load, the number as stored.
 */
export function usePhoneDisplay(phone: string | null): string | null | undefined {
  const country = useSession().data?.organization.country;
  const known = useContext(PhoneDisplays);
  const [, loaded] = useReducer((count: number) => count + 1, 0);
  const shown = phone === null ? null : (known[phone] ?? formatter?.(phone, country) ?? (failed ? phone : undefined));
  const waiting = shown === undefined;
  useEffect(() => {
    if (waiting) loadFormatter().then(loaded);
  }, [waiting]);
  return shown;
}

/** A stored number as `usePhoneDisplay` shows it; left out until it can be shown. */
export function PhoneText({ phone }: { phone: string | null }) {
  return usePhoneDisplay(phone) ?? null;
}

/** A stored number to call: a `tel:` link (its digits, as stored) that reads as `PhoneText` does. */
export function PhoneLink({ phone, ...props }: { phone: string } & AnchorProps) {
  return (
    <Anchor href={`tel:${phone.replace(/[^\d+]/g, "")}`} style={{ whiteSpace: "nowrap" }} {...props}>
      <PhoneText phone={phone} />
    </Anchor>
  );
}
