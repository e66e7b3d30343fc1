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
        options: Object.entries(FREQUENCY_LABELS).map(([value, label]) => ({ value, label })),
      },
    ],
    schema: () => import("@/lib/schemas/member").then((schemas) => schemas.memberUpdateSchema),
    values: (item) => ({ notification_emails: item.notification_emails }),
    toast: "Changes have been saved",
  },
};
