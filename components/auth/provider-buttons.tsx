"use client";
import { Button, Divider, Stack } from "@mantine/core";
import { IconBrandGoogle, IconBrandWindows } from "@tabler/icons-react";
import { notSupported } from "@/lib/client/toast";

export function ProviderButtons() {
  return (
    <Stack gap="xs">
      <Divider label="or" labelPosition="center" />
      <Button variant="default" leftSection={<IconBrandGoogle size={18} />} onClick={notSupported}>
        Continue with Google
      </Button>
      <Button variant="default" leftSection={<IconBrandWindows size={18} />} onClick={notSupported}>
        Continue with Microsoft
      </Button>
    </Stack>
  );
}
