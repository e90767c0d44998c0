import type { Language } from './languages';

/** One API call of the renderer's store, answered by the server in-process. */
export interface ApiCall {
  method: string;
  /** Path and query under the site's origin, e.g. /api/v2/agency. */
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface ApiAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What the server asks the site's renderer (built as dist/server/render.js) for one page. */
export interface PageRequest {
  /** Path and query of the page. */
  url: string;
  language: Language;
  /** The site's calls to the API, made for the visitor (their Host and cookies). */
  callApi: (call: ApiCall) => Promise<ApiAnswer>;
}

/** The state a server-rendered page hands to the browser, which reads it before it hydrates. */
export interface PageState {
  language: Language;
  /** The namespaces the page was rendered with, in its language. */
  translations: Record<string, unknown>;
  /** The RTK Query state: the agency and the session as the server found them. */
  api: unknown;
}

export type RenderedPage =
  | { kind: 'redirect'; location: string }
  | {
      kind: 'page';
      status: number;
      /** The markup inside #root. */
      html: string;
      /** styled-components' style tags for the head. */
      styles: string;
      /** The agency's name, the title of all its pages (the browser does not retitle as it moves). */
      title?: string;
      state: PageState;
      /** The same for every visitor of this agency in this language: a public page, nobody logged in. */
      shared: boolean;
      /** The agency the page was drawn for (none when no agency serves the host). */
      agencyId?: string;
    };

/** The id of the JSON script element that carries a page's PageState. */
export const PAGE_STATE_ELEMENT_ID = 'champa-state';

export type RenderPage = (request: PageRequest) => Promise<RenderedPage>;
