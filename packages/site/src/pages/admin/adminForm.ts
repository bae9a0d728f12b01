const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of the UTC day `days` after today: the value of a date input. */
export function utcDateIn(days: number): string {
  return new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
}

/** The whole number from 1 to `max` that `text` spells, or `undefined`. */
export function wholeNumber(text: string, max: number): number | undefined {
  if (!/^\d{1,6}$/.test(text.trim())) return undefined;
  const value = Number(text.trim());
  return value >= 1 && value <= max ? value : undefined;
}
