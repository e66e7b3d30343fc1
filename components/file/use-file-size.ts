import { useFormatter } from "next-intl";

const SIZE_UNITS = ["Bytes", "kb", "mb", "gb", "tb"];

/**
 * A size as formatFileSize (lib/schemas/file-kind.ts) writes it, base 1024 with
 * at most 2 decimals, with the number in the page's language: "1.5 kb", "1,5 kb".
 */
export function useFileSize(): (bytes: number) => string {
  const format = useFormatter();
  return (bytes: number) => {
    if (!Number.isFinite(bytes) || bytes <= 0) return `${format.number(0)} ${SIZE_UNITS[0]}`;
    const unit = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SIZE_UNITS.length - 1);
    const value = Number((bytes / 1024 ** unit).toFixed(2));
    return `${format.number(value, { maximumFractionDigits: 2, useGrouping: false })} ${SIZE_UNITS[unit]}`;
  };
}
