// Plain values shared by the database schema, the API and the screens.

export const PRIVILEGES = ["admin", "members_manage", "projects_manage", "customers_manage"] as const;
export type Privilege = (typeof PRIVILEGES)[number];

export const NOTIFICATION_FREQUENCIES = [
  "every",
  "1_minute",
  "5_minutes",
  "15_minutes",
  "60_minutes",
  "day",
  "week",
  "never",
] as const;
export type NotificationFrequency = (typeof NOTIFICATION_FREQUENCIES)[number];

/** The mail services an organization's mailbox can be connected through. */
export const MAILBOX_PROVIDERS = ["google", "microsoft"] as const;
export type MailboxProvider = (typeof MAILBOX_PROVIDERS)[number];

export const CUSTOMER_TYPES = ["individual", "organization"] as const;
