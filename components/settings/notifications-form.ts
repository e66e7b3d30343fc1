import type { FormConfig } from "@/components/form/form-config";
import type { MemberItem } from "@/components/member/member-item";
import type { memberUpdateSchema } from "@/lib/schemas/member";
import type { NotificationFrequency } from "@/lib/schemas/constants";
import { MEMBER } from "@/components/entities";

const FREQUENCY_LABELS: Record<NotificationFrequency, string> = {
  every: "Instantly",
  "1_minute": "Every minute",
  "5_minutes": "Every 5 minutes",
  "15_minutes": "Every 15 minutes",
  "60_minutes": "Every 60 minutes",
  day: "Daily",
  week: "Weekly",
  never: "Disabled",
};

/** Every stored value keeps its label, for the history and for a member who chose one before. */
const FREQUENCY_OPTIONS = Object.entries(FREQUENCY_LABELS).map(([value, label]) => ({ value, label }));

export const notificationsForm: FormConfig<MemberItem, never, typeof memberUpdateSchema> = {
  type: MEMBER.type,
  label: "Notification settings",
  section: "Settings",
  name: (item) => item.name,
  update: {
    fields: [
      {
        key: "notification_emails",
        label: "Email notifications",
        description: "How often unread notifications are sent to you by email",
        kind: "select",
        required: true,
        options: FREQUENCY_OPTIONS,
        // "Every minute" is what "Instantly" does (the digest job runs once a minute): offered only to a member who has it.
        optionsFor: (saved) => (saved === "1_minute" ? FREQUENCY_OPTIONS : FREQUENCY_OPTIONS.filter((option) => option.value !== "1_minute")),
      },
    ],
    schema: () => import("@/lib/schemas/member").then((schemas) => schemas.memberUpdateSchema),
    values: (item) => ({ notification_emails: item.notification_emails }),
    toast: "Changes have been saved",
  },
};
