import { isLocale, LOCALE_NAMES, LOCALES } from "@/lib/i18n/locales";

/** The languages Craftdesk speaks, each by its own name. */
export const LANGUAGE_OPTIONS = LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }));

/**
 * A member's or customer's own language: one of Craftdesk's, or none (cleared),
 * which follows the organization's.
 */
export const ownLanguageField = <Key extends string>(key: Key, label: string, description: string) =>
  ({
    key,
    label,
    description,
    kind: "select",
    options: LANGUAGE_OPTIONS,
    clearable: true,
    placeholder: "form.language.organizations",
  }) as const;

/** A stored own language as the field holds it: one Craftdesk speaks, else none. */
export const ownLanguageValue = (stored: string | null) => (isLocale(stored) ? stored : null);
