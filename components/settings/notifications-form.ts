import type { FormConfig } from "@/components/form/form-config";
import type { MemberItem } from "@/components/member/member-item";
import type { memberUpdateSchema } from "@/lib/schemas/member";
import type { NotificationFrequency } from "@/lib/schemas/constants";
import { MEMBER } from "@/components/entities";

// Catalogue keys.
const FREQUENCY_LABELS: Record<NotificationFrequency, string> = {
  every: "settings.notifications.every",
  "1_minute": "settings.notifications.minute",
  "5_minutes": "settings.notifications.minutes5",
  "15_minutes": "settings.notifications.minutes15",
  "60_minutes": "settings.notifications.minutes60",
  day: "settings.notifications.day",
  week: "settings.notifications.week",
  never: "settings.notifications.never",
};

/** Every stored value keeps its label, for the history and for a member who chose one before. */
const FREQUENCY_OPTIONS = Object.entries(FREQUENCY_LABELS).map(([value, label]) => ({ value, label }));

export const notificationsForm: FormConfig<MemberItem, never, typeof memberUpdateSchema> = {
  type: MEMBER.type,
  label: "shell.quickAction.notificationSettings",
  section: "settings.title",
  name: (item) => item.name,
  update: {
    fields: [
      {
        key: "notification_emails",
        label: "settings.notifications.label",
        description: "settings.notifications.hint",
        kind: "select",
        required: true,
        options: FREQUENCY_OPTIONS,
        // "Every minute" is what "Instantly" does (the digest job runs once a minute): offered only to a member who has it.
        optionsFor: (saved) => (saved === "1_minute" ? FREQUENCY_OPTIONS : FREQUENCY_OPTIONS.filter((option) => option.value !== "1_minute")),
      },
    ],
    schema: () => import("@/lib/schemas/member").then((schemas) => schemas.memberUpdateSchema),
    values: (item) => ({ notification_emails: item.notification_emails }),
    toast: "settings.saved",
  },
};
