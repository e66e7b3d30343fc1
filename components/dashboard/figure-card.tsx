import { Card, Group, Text, ThemeIcon } from "@mantine/core";
import type { Icon } from "@tabler/icons-react";
import Link from "next/link";

/**
 * An amount on one line, as large as the card's width allows for its length: a digit is
 * about 0.62 of the font's size, and the icon beside it with its gap takes 3.5rem of the
 * card's content. "$1,234,567.89" is never broken inside; below 14px it wraps instead.
 */
const amountStyle = (amount: string) => ({
  fontSize: `clamp(14px, calc((100cqi - 3.5rem) / ${(amount.length * 0.62).toFixed(2)}), 24px)`,
  overflowWrap: "anywhere" as const,
});

/** One figure, linked to the list of exactly the rows it counts. */
export function FigureCard({ label, value, href, icon: Picture, detail }: { label: string; value: number | string; href: string; icon: Icon; detail?: string }) {
  return (
    <Card component={Link} href={href} withBorder radius="md" padding="md" aria-label={`${label}: ${value}`} style={{ containerType: "inline-size" }}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text fw={700} lh={1.1} style={typeof value === "number" ? { fontSize: 32 } : amountStyle(value)}>
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
