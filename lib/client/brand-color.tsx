"use client";
import { createTheme, type CSSVariablesResolver, type MantineThemeOverride } from "@mantine/core";
import modalClasses from "@/components/dialog/modal.module.css";
import { createContext, useContext, useLayoutEffect } from "react";
import { BRAND_SHADE, brandScale, EQUAL_CONTRAST_LUMINANCE, readableShade } from "./color-scale";

const TOOLTIP_MAX_WIDTH = 360;

export const baseTheme = createTheme({
  primaryColor: "blue",
  defaultRadius: "md",
  // Light brand colours (yellow, lime) keep readable text on filled buttons.
  autoContrast: true,
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  // Plain objects, as Modal.extend and Tooltip.extend would return them: naming the components here
  // would put them in the script of every screen, also of those that show neither.
  components: {
    Modal: { classNames: { content: modalClasses.content } },
    // Spec §9: tooltips wrap at 360 px.
    Tooltip: { defaultProps: { multiline: true }, styles: { tooltip: { maxWidth: TOOLTIP_MAX_WIDTH } } },
  },
});

/**
 * The theme with the organization's brand colour as the primary colour, exactly the
 * chosen one on filled buttons in both colour schemes; the base theme when there is none.
 */
export function brandTheme(color: string | null): MantineThemeOverride {
  const colors = color ? brandScale(color) : null;
  if (!colors) return baseTheme;
  return {
    ...baseTheme,
    colors: { brand: colors },
    primaryColor: "brand",
    primaryShade: { light: BRAND_SHADE, dark: BRAND_SHADE },
    // Text on filled buttons in black or white, whichever reads better: at least 4.6:1 either way.
    luminanceThreshold: EQUAL_CONTRAST_LUMINANCE,
  };
}

const NO_VARIABLES: CSSVariablesResolver = () => ({ variables: {}, light: {}, dark: {} });

// The page backgrounds links are read on: Mantine's body colours.
const LIGHT_BODY = "#ffffff";
const DARK_BODY = "#242424";

/** Links in the brand colour, shifted darker on light pages and lighter on dark ones until they are readable (WCAG AA). */
export function brandCssVariables(color: string | null): CSSVariablesResolver {
  if (!color || !brandScale(color)) return NO_VARIABLES;
  const light = readableShade(color, LIGHT_BODY);
  const dark = readableShade(color, DARK_BODY);
  return () => ({ variables: {}, light: { "--mantine-color-anchor": light }, dark: { "--mantine-color-anchor": dark } });
}

export const BrandColorContext = createContext<(color: string | null) => void>(() => {});

/** While mounted, the given colour is the app's primary colour; before paint, so no blue flashes first. */
export function useBrandColor(color: string | null) {
  const setBrand = useContext(BrandColorContext);
  useLayoutEffect(() => {
    setBrand(color);
    return () => setBrand(null);
  }, [color, setBrand]);
}
