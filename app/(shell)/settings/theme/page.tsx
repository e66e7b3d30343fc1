"use client";
import { Input, SegmentedControl, Stack, useMantineColorScheme, type MantineColorScheme } from "@mantine/core";
import { useFormatter, useTranslations } from "next-intl";
import { SCALES } from "@/lib/client/theme-scale";
import { useThemeScale } from "@/lib/client/use-theme-scale";

// Labels are catalogue keys.
const COLOR_MODES: { label: string; value: MantineColorScheme }[] = [
  { label: "settings.theme.light", value: "light" },
  { label: "settings.theme.dark", value: "dark" },
  { label: "settings.theme.system", value: "auto" },
];

/** Both choices live in local storage and apply at once; the <head> scripts re-apply them before paint. */
export default function ThemeSettingsPage() {
  const t = useTranslations();
  const format = useFormatter();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const [scale, setScale] = useThemeScale();
  return (
    <Stack gap="lg" maw={480}>
      <Input.Wrapper label={t("settings.theme.colorMode")} description={t("settings.theme.colorModeHint")} id="color-mode">
        <SegmentedControl
          mt="xs"
          fullWidth
          aria-labelledby="color-mode-label"
          data={COLOR_MODES.map((mode) => ({ value: mode.value, label: t(mode.label) }))}
          value={colorScheme}
          onChange={(value) => setColorScheme(value as MantineColorScheme)}
        />
      </Input.Wrapper>
      <Input.Wrapper label={t("settings.theme.scale")} description={t("settings.theme.scaleHint")} id="scale">
        <SegmentedControl
          mt="xs"
          fullWidth
          aria-labelledby="scale-label"
          data={SCALES.map((value) => ({ label: format.number(value, { style: "percent" }), value: String(value) }))}
          value={String(scale)}
          onChange={(value) => setScale(Number(value))}
        />
      </Input.Wrapper>
    </Stack>
  );
}
