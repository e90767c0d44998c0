import type { TFunction } from 'i18next';

/**
 * A wait the API asked for (retryAfterSeconds) in the page's language, as minutes and seconds in
 * the words of the `wait` keys of the namespace `t` reads: common on the site, admin in the console.
 */
export function waitText(t: TFunction, totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  if (minutes === 0) return t('wait.seconds', { seconds });
  if (seconds === 0) return t('wait.minutes', { minutes });
  return t('wait.minutesSeconds', { minutes, seconds });
}

/** "Too many attempts, try again in …" for a refusal that named its wait. */
export const tryAgainText = (t: TFunction, retryAfterSeconds: number) => t('wait.tryAgainIn', { wait: waitText(t, retryAfterSeconds) });
