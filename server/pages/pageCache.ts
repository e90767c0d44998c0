import type { Language } from '../../contract/languages';

/** A page as it leaves the server: the whole HTML and the Content-Security-Policy it needs. */
export interface ServedPage {
  status: number;
  html: string;
  contentSecurityPolicy: string;
}

interface Entry {
  agencyId: string;
  page: ServedPage;
  until: number;
}

/**
 * How long a page is kept at most: it shows the featured games too, whose changes at the providers
 * drop nothing. A change of the agency's settings, hosts or promotions drops its pages at once.
 */
const KEEP_MS = 60_000;

/**
 * The public pages a visitor gets (no one logged in), kept per host, language and path for a
 * minute. Only pages an agency serves are kept, so the hosts are the agencies' own and the cache
 * stays small; a change of an agency's settings drops its pages (dropAgencyPages) at once.
 */
export class PageCache {
  private readonly entries = new Map<string, Entry>();

  private static key(host: string, language: Language, path: string) {
    return `${host} ${language} ${path}`;
  }

  get(host: string, language: Language, path: string): ServedPage | undefined {
    const entry = this.entries.get(PageCache.key(host, language, path));
    return entry && entry.until > Date.now() ? entry.page : undefined;
  }

  set(host: string, language: Language, path: string, agencyId: string, page: ServedPage): void {
    this.entries.set(PageCache.key(host, language, path), { agencyId, page, until: Date.now() + KEEP_MS });
  }

  dropAgencyPages(agencyId: string): void {
    for (const [key, entry] of this.entries) if (entry.agencyId === agencyId) this.entries.delete(key);
  }

  dropAll(): void {
    this.entries.clear();
  }
}
