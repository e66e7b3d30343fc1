import { Card, Group, Text, ThemeIcon } from "@mantine/core";
import type { Icon } from "@tabler/icons-react";
import Link from "next/link";

/** One figure, linked to the list of exactly the rows it counts. */
export function FigureCard({ label, value, href, icon: Picture, detail }: { label: string; value: number | string; href: string; icon: Icon; detail?: string }) {
  return (
    <Card component={Link} href={href} withBorder radius="md" padding="md" aria-label={`${label}: ${value}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text fz={typeof value === "number" ? 32 : { base: 18, sm: 24 }} fw={700} lh={1.1} style={{ overflowWrap: "anywhere" }}>
            {value}
          </Text>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          {detail && (
            <Text size="xs" c="dimmed">
              {detail}
            </Text>
          )}
        </div>
        {/* An amount takes the card's width on a phone. */}
        <ThemeIcon variant="light" size="lg" radius="md" visibleFrom={typeof value === "number" ? undefined : "sm"}>
          <Picture size={20} stroke={1.75} />
        </ThemeIcon>
      </Group>
    </Card>
  );
}
