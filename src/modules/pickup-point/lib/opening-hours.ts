/** The most ranges a day's opening hours take. */
export const MAX_RANGES_A_DAY = 6

/**
 * Whether a range "from-to" (HH:mm) opens before it closes; a close at 00:00
 * is midnight, the end of the day. No imports: the admin's form checks the
 * same rule as the API.
 */
export function opensBeforeItCloses(from: string, to: string): boolean {
  return from !== to && (from < to || to === "00:00")
}
