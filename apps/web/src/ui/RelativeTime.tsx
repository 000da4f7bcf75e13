/** Translated relative time ("just now", "5 min ago", … then the date). */
import { useTranslation } from 'react-i18next';
import { formatDateTime, relativeTime, toMillis } from '../lib/time';

/** Returns a formatter bound to the current language. */
export function useRelativeTime(): (value: number | string, now?: number) => string {
  const { t } = useTranslation();
  return (value, now) => relativeTime(value, (key, options) => (options ? t(key, options) : t(key)), now);
}

export function RelativeTime({ value }: { value: number | string }) {
  const format = useRelativeTime();
  const ms = toMillis(value);
  return (
    <time
      dateTime={ms === null ? undefined : new Date(ms).toISOString()}
      title={ms === null ? undefined : formatDateTime(ms)}
    >
      {format(value)}
    </time>
  );
}
