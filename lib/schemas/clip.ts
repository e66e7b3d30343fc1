/** The text cut to at most `max` characters, an ellipsis standing for what was cut. */
export const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** The text on one line: each run of spaces and line breaks as one space. */
export const oneLine = (text: string): string => text.replace(/\s+/g, " ").trim();
