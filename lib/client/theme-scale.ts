/**
 * The interface scale of the theme settings. Mantine sizes everything as
 * `rem * var(--mantine-scale)`, so one variable on <html> rescales the app.
 * No "use client": the root layout reads SCALE_SCRIPT on the server.
 */
export const SCALE_STORAGE_KEY = "craftdesk-scale";
export const SCALES = [0.9, 0.95, 1, 1.05, 1.1] as const;
export const DEFAULT_SCALE = 1;

export function parseScale(stored: string | null | undefined): number {
  const value = Number(stored);
  return (SCALES as readonly number[]).includes(value) ? value : DEFAULT_SCALE;
}

export function applyScale(scale: number) {
  document.documentElement.style.setProperty("--mantine-scale", String(scale));
}

/** Runs in <head> before the first paint, so a stored scale never flashes at 100 %. */
export const SCALE_SCRIPT = `try{var s=Number(localStorage.getItem(${JSON.stringify(SCALE_STORAGE_KEY)}));if(${JSON.stringify(SCALES)}.indexOf(s)>-1)document.documentElement.style.setProperty("--mantine-scale",String(s))}catch(e){}`;
