"use client";
import { generateColors } from "@mantine/colors-generator";
import { createTheme, type CSSVariablesResolver, type MantineThemeOverride } from "@mantine/core";
import { createContext, useContext, useLayoutEffect } from "react";

export const baseTheme = createTheme({
  primaryColor: "blue",
  defaultRadius: "md",
  // Light brand colours (yellow, lime) keep readable text on filled buttons.
  autoContrast: true,
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
});

/** The theme with the organization's brand colour as the primary colour; the base theme when there is none. */
export function brandTheme(color: string | null): MantineThemeOverride {
  if (!color) return baseTheme;
  try {
    return { ...baseTheme, colors: { brand: generateColors(color) }, primaryColor: "brand" };
  } catch {
    return baseTheme;
  }
}

/** Relative luminance of a #RRGGBB colour, 0 (black) to 1 (white). */
function luminance(hex: string) {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const c = parseInt(hex.slice(at, at + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const NO_VARIABLES: CSSVariablesResolver = () => ({ variables: {}, light: {}, dark: {} });

/** Links are text on white: a light brand colour (yellow, lime, sky) would be unreadable, so they take its darkest shade. */
export function brandCssVariables(color: string | null): CSSVariablesResolver {
  if (!color || !/^#[0-9a-f]{6}$/i.test(color) || luminance(color) < 0.4) return NO_VARIABLES;
  return () => ({ variables: {}, light: { "--mantine-color-anchor": "var(--mantine-color-brand-9)" }, dark: {} });
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
