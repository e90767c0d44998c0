/**
 * The fingerprint is reported only when the one stored for this agency differs
 * or was stored on another day. localStorage "fingerprint" keeps, per agency id, the visitor id
 * last reported and the date (YYYY-MM-DD, local time) it was reported on.
 */
export const FINGERPRINT_STORAGE_KEY = 'fingerprint';

interface StoredReport {
  fingerprint: string;
  date: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function localDate(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function storedReports(): Record<string, StoredReport> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(FINGERPRINT_STORAGE_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, StoredReport>) : {};
  } catch {
    return {};
  }
}

export function needsFingerprintReport(agencyId: string, visitorId: string, today = localDate()): boolean {
  const stored = storedReports()[agencyId];
  return !stored || stored.fingerprint !== visitorId || stored.date !== today;
}

export function rememberFingerprintReport(agencyId: string, visitorId: string, today = localDate()): void {
  try {
    localStorage.setItem(
      FINGERPRINT_STORAGE_KEY,
      JSON.stringify({ ...storedReports(), [agencyId]: { fingerprint: visitorId, date: today } }),
    );
  } catch {
    // Storage refused (private mode): the next visit reports again, which is harmless.
  }
}
