import { Alert } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";

/** A failure of the whole form (not of one field), shown where the form is rather than as a toast. */
export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" p="xs">
      {message}
    </Alert>
  );
}
