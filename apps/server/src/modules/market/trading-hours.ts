/**
 * When a market trades. Crypto markets trade around the clock. FX-style and metal markets
 * (instrument kind 'forex') follow the interbank week: closed from Friday 22:00 to Sunday 22:00
 * UTC; nothing opens, closes or triggers on them meanwhile (docs/product/lever.md).
 */
const HOUR = 3_600_000;
/** Friday 22:00 UTC as hours after Sunday 00:00 UTC, and the weekly closure's length. */
const CLOSE_AT_HOURS = 5 * 24 + 22;
const CLOSED_HOURS = 48;
export const FX_HOURS = 'Sunday 22:00 – Friday 22:00 UTC';

function hoursIntoWeek(at: Date): number {
  const d = at.getUTCDay();
  return (
    d * 24 +
    at.getUTCHours() +
    at.getUTCMinutes() / 60 +
    at.getUTCSeconds() / 3600 +
    at.getUTCMilliseconds() / HOUR
  );
}

/** Whether a market of this kind trades at `at`. */
export function marketOpen(kind: string, at: Date): boolean {
  if (kind !== 'forex') return true;
  const h = hoursIntoWeek(at);
  // Closed from Friday 22:00 to the week's end, and from Sunday 00:00 to Sunday 22:00.
  return !(h >= CLOSE_AT_HOURS || h < CLOSE_AT_HOURS + CLOSED_HOURS - 7 * 24);
}

/** When a closed market opens again (null when it is open). */
export function nextOpen(kind: string, at: Date): Date | null {
  if (marketOpen(kind, at)) return null;
  const sunday = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() - at.getUTCDay()));
  let open = new Date(sunday.getTime() + 22 * HOUR);
  if (open.getTime() <= at.getTime()) open = new Date(open.getTime() + 7 * 24 * HOUR);
  return open;
}
