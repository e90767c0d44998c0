/**
 * Local display helpers of the deposit page (the shell's shared format helpers were not in this
 * tree yet). Amounts arrive as the API's decimal strings and are grouped the Lao way.
 */
const grouping = new Intl.NumberFormat('lo-LA');

/** "100000" → "100,000"; "156.25" → "156.25" with its whole part grouped. */
export function formatDecimal(text: string): string {
  const [whole, fraction] = text.split('.');
  const grouped = /^\d+$/.test(whole) ? grouping.format(BigInt(whole)) : whole;
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** Milliseconds left → "mm:ss" (never below 00:00). */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** A fresh Idempotency-Key for one deposit the player asks for. */
export function newIdempotencyKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
