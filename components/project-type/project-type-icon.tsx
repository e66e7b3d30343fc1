import { ThemeIcon } from "@mantine/core";
import { useTranslations } from "next-intl";
import {
  IconBolt,
  IconBulb,
  IconDroplet,
  IconFence,
  IconFlame,
  IconHammer,
  IconHome,
  IconKey,
  IconLetterCase,
  IconLifebuoy,
  IconPaint,
  IconTarget,
  IconTool,
  IconTruck,
  type Icon,
} from "@tabler/icons-react";
import type { ProjectTypeIcon as IconName } from "@/lib/schemas/project-type-palette";

/** Each stored icon value, its picture and the catalogue key of its name as a person reads it. */
export const PROJECT_TYPE_ICONS: Record<IconName, { icon: Icon; label: string }> = {
  goal: { icon: IconTarget, label: "projectType.icon.goal" },
  wrench: { icon: IconTool, label: "projectType.icon.wrench" },
  life_buoy: { icon: IconLifebuoy, label: "projectType.icon.lifeBuoy" },
  ligature: { icon: IconLetterCase, label: "projectType.icon.ligature" },
  light_bulb: { icon: IconBulb, label: "projectType.icon.lightBulb" },
  land_plot: { icon: IconFence, label: "projectType.icon.landPlot" },
  hammer: { icon: IconHammer, label: "projectType.icon.hammer" },
  bolt: { icon: IconBolt, label: "projectType.icon.bolt" },
  droplet: { icon: IconDroplet, label: "projectType.icon.droplet" },
  flame: { icon: IconFlame, label: "projectType.icon.flame" },
  home: { icon: IconHome, label: "projectType.icon.home" },
  truck: { icon: IconTruck, label: "projectType.icon.truck" },
  paint: { icon: IconPaint, label: "projectType.icon.paint" },
  key: { icon: IconKey, label: "projectType.icon.key" },
};

type Props = {
  icon: string;
  /** Hex value of a palette colour. */
  color: string;
  /** Side of the square in pixels. */
  size?: number;
};

/** A project type's icon on a soft tile of its colour. */
export function ProjectTypeIcon({ icon, color, size = 28 }: Props) {
  const t = useTranslations();
  const entry = PROJECT_TYPE_ICONS[icon as IconName] ?? PROJECT_TYPE_ICONS.goal;
  const Picture = entry.icon;
  return (
    <ThemeIcon variant="light" color={color} size={size} radius="sm" aria-label={t(entry.label)} role="img">
      <Picture size={Math.round(size * 0.64)} stroke={1.75} />
    </ThemeIcon>
  );
}
