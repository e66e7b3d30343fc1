import dayjs from "dayjs";

/**
 * An instant as the date and time pickers hold it: "YYYY-MM-DD HH:mm:ss" on this
 * browser's clock; and back. Instants are stored in UTC and shown where the member is.
 */
export const localOfInstant = (instant: string) => dayjs(instant).format("YYYY-MM-DD HH:mm:ss");

export const instantOfLocal = (local: string) => dayjs(local).toDate().toISOString();
