"use client";
import { Group, Radio, Tooltip } from "@mantine/core";
import { useId, type ReactNode } from "react";

export type Choice = { value: string; label: string; content: ReactNode };

type Props = {
  label: string;
  required?: boolean;
  error?: string;
  choices: Choice[];
  value: string | null;
  onChange: (value: string) => void;
};

/**
 * A radio group drawn as a grid of small tiles (icons, colour swatches): each tile
 * is named by its label, only the chosen one is in the tab order, and the arrow
 * keys move the choice, as in any radio group.
 */
export function ChoiceGrid({ label, required, error, choices, value, onChange }: Props) {
  const name = useId();
  const focusable = choices.some((choice) => choice.value === value) ? value : choices[0]?.value;
  return (
    <Radio.Group name={name} label={label} required={required} error={error} value={value ?? ""} onChange={onChange}>
      <Group gap={6} mt={6}>
        {choices.map((choice) => (
            <Tooltip key={choice.value} label={choice.label} openDelay={300} withinPortal>
              <Radio.Card
                value={choice.value}
                aria-label={choice.label}
                tabIndex={choice.value === focusable ? 0 : -1}
                w={40}
                h={40}
                radius="md"
                p={0}
                style={{ display: "grid", placeItems: "center" }}
                styles={{
                  card: {
                    borderWidth: 2,
                    borderColor: choice.value === value ? "var(--mantine-primary-color-filled)" : undefined,
                  },
                }}
              >
                {choice.content}
              </Radio.Card>
            </Tooltip>
          ))}
      </Group>
    </Radio.Group>
  );
}
