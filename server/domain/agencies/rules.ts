import type { SiteSettings } from '../../../contract/agency';

/** The Host header names the agency: "Example.COM:8080" is the host example.com. */
export function hostOf(hostHeader: string | undefined): string {
  const host = (hostHeader ?? '').trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.split(':')[0];
}

/** What a site advertises until its operator sets its own numbers. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = { signUpMinutes: 1, gameCount: 1000 };
