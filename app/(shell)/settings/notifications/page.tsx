"use client";
import { Text } from "@mantine/core";

export default function NotificationSettingsPage() {
  return (
    <Text c="dimmed" size="sm">
      Notifications about your work appear under the bell in the sidebar.
    </Text>
  );
}
