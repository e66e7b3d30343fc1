"use client";
import { Input, SegmentedControl, Stack, useMantineColorScheme, type MantineColorScheme } from "@mantine/core";
import { SCALES } from "@/lib/client/theme-scale";
import { useThemeScale } from "@/lib/client/use-theme-scale";

const COLOR_MODES: { label: string; value: MantineColorScheme }[] = [
  { label: "Light", value: "light" },
  { label: "Dark", value: "dark" },
  { label: "System", value: "auto" },
];

/** Both choices live in local storage and apply at once; the <head> scripts re-apply them before paint. */
export default function ThemeSettingsPage() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const [scale, setScale] = useThemeScale();
  return (
    <Stack gap="lg" maw={480}>
      <Input.Wrapper label="Color mode" description="System follows your device's setting" id="color-mode">
        <SegmentedControl
          mt="xs"
          fullWidth
          aria-labelledby="color-mode-label"
          data={COLOR_MODES}
          value={colorScheme}
          onChange={(value) => setColorScheme(value as MantineColorScheme)}
        />
      </Input.Wrapper>
      <Input.Wrapper label="Scale" description="Size of text and controls" id="scale">
        <SegmentedControl
          mt="xs"
          fullWidth
          aria-labelledby="scale-label"
          data={SCALES.map((value) => ({ label: `${Math.round(value * 100)}%`, value: String(value) }))}
          value={String(scale)}
          onChange={(value) => setScale(Number(value))}
        />
      </Input.Wrapper>
    </Stack>
  );
}
