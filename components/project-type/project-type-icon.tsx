import { ThemeIcon } from "@mantine/core";
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

/** Each stored icon value, its picture and its name as a person reads it. */
export const PROJECT_TYPE_ICONS: Record<IconName, { icon: Icon; label: string }> = {
  goal: { icon: IconTarget, label: "Goal" },
  wrench: { icon: IconTool, label: "Wrench" },
  life_buoy: { icon: IconLifebuoy, label: "Life buoy" },
  ligature: { icon: IconLetterCase, label: "Ligature" },
  light_bulb: { icon: IconBulb, label: "Light bulb" },
  land_plot: { icon: IconFence, label: "Land plot" },
  hammer: { icon: IconHammer, label: "Hammer" },
  bolt: { icon: IconBolt, label: "Bolt" },
  droplet: { icon: IconDroplet, label: "Droplet" },
  flame: { icon: IconFlame, label: "Flame" },
  home: { icon: IconHome, label: "Home" },
  truck: { icon: IconTruck, label: "Truck" },
  paint: { icon: IconPaint, label: "Paint" },
  key: { icon: IconKey, label: "Key" },
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
  const entry = PROJECT_TYPE_ICONS[icon as IconName] ?? PROJECT_TYPE_ICONS.goal;
  const Picture = entry.icon;
  return (
    <ThemeIcon variant="light" color={color} size={size} radius="sm" aria-label={entry.label} role="img">
      <Picture size={Math.round(size * 0.64)} stroke={1.75} />
    </ThemeIcon>
  );
}
