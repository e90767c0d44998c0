import type { Language } from '../../src/contract/languages';

/** A page as it leaves the server: the whole HTML and the Content-Security-Policy it needs. */
export interface ServedPage {
  status: number;
  html: string;
  contentSecurityPolicy: string;
}

interface Entry {
  agencyId: string;
  page: ServedPage;
}

/**
 * The public pages a visitor gets (no one logged in), kept per host, language and path. Only pages
 * an agency serves are kept, so the hosts are the agencies' own and the cache stays small; a change
 * of an agency's settings drops its pages (dropAgencyPages), so the next visitor sees the change.
 */
export class PageCache {
  private readonly entries = new Map<string, Entry>();

  private static key(host: string, language: Language, path: string) {
    return `${host} ${language} ${path}`;
  }

  get(host: string, language: Language, path: string): ServedPage | undefined {
    return this.entries.get(PageCache.key(host, language, path))?.page;
  }

  set(host: string, language: Language, path: string, agencyId: string, page: ServedPage): void {
    this.entries.set(PageCache.key(host, language, path), { agencyId, page });
  }

  dropAgencyPages(agencyId: string): void {
    for (const [key, entry] of this.entries) if (entry.agencyId === agencyId) this.entries.delete(key);
  }
}
