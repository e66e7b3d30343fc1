// Plain values shared by the database schema, the API and the screens.

export const PRIVILEGES = ["admin", "members_manage", "projects_manage", "customers_manage", "messages_any_recipient", "invoices"] as const;
export type Privilege = (typeof PRIVILEGES)[number];

/**
 * How people read a privilege (on roles, in refusals, wherever one is named): the
 * catalogue key of its label, translated where it is shown. The ids stay as they are.
 */
export const PRIVILEGE_LABELS: Record<Privilege, string> = {
  admin: "privilege.admin",
  members_manage: "privilege.members_manage",
  projects_manage: "privilege.projects_manage",
  customers_manage: "privilege.customers_manage",
  messages_any_recipient: "privilege.messages_any_recipient",
  invoices: "privilege.invoices",
};

/** The catalogue key of a privilege's label; a name this version does not know comes back as it came. */
export const privilegeLabel = (privilege: string): string => PRIVILEGE_LABELS[privilege as Privilege] ?? privilege;

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
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

/** How a customer's type reads: in the list's column and the form's choice. */
export const CUSTOMER_TYPE_LABELS: Record<CustomerType, string> = { individual: "Individual", organization: "Organization" };

/** Password lengths the API takes; forms name the minimum in their hint. */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 256;

/** Spec §9: a conversation shows up to 1000 messages. */
export const MESSAGE_LIST_MAX = 1000;
