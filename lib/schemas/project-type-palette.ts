// A project type's icons and palette, without its schemas: screens that only draw types
// (lists, the board, badges) do not load the validation library with them.

export const ICONS = [
  "goal",
  "wrench",
  "life_buoy",
  "ligature",
  "light_bulb",
  "land_plot",
  "hammer",
  "bolt",
  "droplet",
  "flame",
  "home",
  "truck",
  "paint",
  "key",
] as const;
export type ProjectTypeIcon = (typeof ICONS)[number];

/** The 26 palette colours (Radix step 9, ARCHITECTURE.md §5); the API stores the hex value. */
export const PALETTE = [
  { name: "gray", hex: "#8D8D8D" },
  { name: "tomato", hex: "#E54D2E" },
  { name: "red", hex: "#E5484D" },
  { name: "ruby", hex: "#E54666" },
  { name: "crimson", hex: "#E93D82" },
  { name: "pink", hex: "#D6409F" },
  { name: "plum", hex: "#AB4ABA" },
  { name: "purple", hex: "#8E4EC6" },
  { name: "violet", hex: "#6E56CF" },
  { name: "iris", hex: "#5B5BD6" },
  { name: "indigo", hex: "#3E63DD" },
  { name: "blue", hex: "#0090FF" },
  { name: "cyan", hex: "#00A2C7" },
  { name: "teal", hex: "#12A594" },
  { name: "jade", hex: "#29A383" },
  { name: "green", hex: "#30A46C" },
  { name: "grass", hex: "#46A758" },
  { name: "brown", hex: "#AD7F58" },
  { name: "bronze", hex: "#A18072" },
  { name: "gold", hex: "#978365" },
  { name: "sky", hex: "#7CE2FE" },
  { name: "mint", hex: "#86EAD4" },
  { name: "lime", hex: "#BDEE63" },
  { name: "yellow", hex: "#FFE629" },
  { name: "amber", hex: "#FFC53D" },
  { name: "orange", hex: "#F76B15" },
] as const;

export const DEFAULT_PROJECT_TYPE_COLOR = "#0090FF";
