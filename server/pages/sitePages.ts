import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fastifyCookie } from '@fastify/cookie';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGE_TAGS, isLanguage, type Language } from '../../contract/languages';
import { PAGE_STATE_ELEMENT_ID, type ApiCall, type ApiAnswer, type RenderPage, type RenderedPage } from '../../contract/pageRender';
import { hostOf } from '../domain/agencies';
import { SESSION_COOKIE } from '../domain/players';
import { PageCache, type ServedPage } from './pageCache';

declare module 'fastify' {
  interface FastifyInstance {
    /** Visitors' public pages; the agency plugin drops an agency's when any process announces a change. */
    sitePages: PageCache;
  }
}

/** The site's renderer, built by webpack for Node next to the site (webpack.config.ts), and the page around it. */
export interface SiteRenderer {
  renderPage: RenderPage;
  /** dist/index.html: the site's scripts and the head the rendered page goes into. */
  template: string;
}

/** index.html's empty root element (quoted or not, as the build's minifier leaves it). */
const ROOT = /<div id="?root"?><\/div>/;

/** Loads dist/server/render.js and dist/index.html, when the build made them. */
export function loadSiteRenderer(distDir: string): SiteRenderer | undefined {
  const bundle = path.join(distDir, 'server', 'render.js');
  const index = path.join(distDir, 'index.html');
  if (!fs.existsSync(bundle) || !fs.existsSync(index)) return undefined;
  const template = fs.readFileSync(index, 'utf8');
  if (!ROOT.test(template) || !template.includes('</head>')) throw new Error(`${index} has no empty #root or no </head>`);
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the renderer is a build output, found at run time
  const { renderPage } = require(bundle) as { renderPage: RenderPage };
  return { renderPage, template };
}

/** The language the visitor chose on an earlier page (the site keeps it in a cookie too), else Lao. */
function languageOf(cookies: Record<string, string | undefined>): Language {
  const chosen = cookies[LANGUAGE_STORAGE_KEY];
  return isLanguage(chosen) ? chosen : DEFAULT_LANGUAGE;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] as string);

/**
 * The rendered page inside the site's index.html: its language, title and styles in the head, its
 * markup in #root, and its state in a JSON script the browser reads before it hydrates. The state's
 * hash joins script-src for this response only, so the CSP stays as strict as before.
 */
function assemble(template: string, page: Extract<RenderedPage, { kind: 'page' }>, contentSecurityPolicy: string): ServedPage {
  // "<" never appears raw, so no text in the state can close its script element.
  const state = JSON.stringify(page.state).replace(/</g, '\\u003c');
  const hash = crypto.createHash('sha256').update(state).digest('base64');
  const html = template
    .replace(/<html lang="?[\w-]+"?/, () => `<html lang="${LANGUAGE_TAGS[page.state.language]}"`)
    .replace(/<title>[^<]*<\/title>/, (title) => (page.title === undefined ? title : `<title>${escapeHtml(page.title)}</title>`))
    .replace('</head>', () => `${page.styles}</head>`)
    .replace(
      ROOT,
      () => `<div id="root">${page.html}</div><script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">${state}</script>`,
    );
  return {
    status: page.status,
    html,
    contentSecurityPolicy: contentSecurityPolicy.replace(/script-src ([^;]*)/, (directive) => `${directive} 'sha256-${hash}'`),
  };
}

type Encoding = 'br' | 'gzip';

const compressors: Record<Encoding, (html: string) => Promise<Buffer>> = {
  // Fast settings: a player's page is compressed for each request, and HTML shrinks well even at low effort.
  br: (html) => promisify(zlib.brotliCompress)(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (html) => promisify(zlib.gzip)(html, { level: 6 }),
};

/** The encoding the browser accepts that compresses best, if any. */
function encodingFor(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = (acceptEncoding ?? '').split(',').map((part) => part.split(';')[0].trim().toLowerCase());
  return (['br', 'gzip'] as const).find((encoding) => accepted.includes(encoding));
}

/** A cached page is compressed once per encoding, not for every visitor it goes to. */
const compressedPages = new WeakMap<ServedPage, Partial<Record<Encoding, Promise<Buffer>>>>();

function compressed(page: ServedPage, encoding: Encoding): Promise<Buffer> {
  const known = compressedPages.get(page) ?? {};
  compressedPages.set(page, known);
  return (known[encoding] ??= compressors[encoding](page.html));
}

/**
 * Serves the players' site's pages rendered on the server (React's streaming renderer, read to the
 * end). A visitor's public pages come from the cache once rendered; a logged-in player's pages are
 * rendered for them. If rendering fails the bare index.html goes out and the browser draws the page.
 */
export function registerSitePages(app: FastifyInstance, renderer: SiteRenderer | undefined) {
  const cache = app.sitePages;

  return async function sendSitePage(request: FastifyRequest, reply: FastifyReply) {
    if (!renderer) return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
    const host = hostOf(request.headers.host);
    // Pages are served outside the API's scope, where @fastify/cookie has not parsed the header.
    const cookies: Record<string, string | undefined> = fastifyCookie.parse(request.headers.cookie ?? '');
    const language = languageOf(cookies);
    // A session cookie may be a logged-in player's, whose public pages send them to /player.
    // With a query the page may differ; keyed by it, any visitor could fill the cache.
    const cacheable = cookies[SESSION_COOKIE] === undefined && !request.url.includes('?');
    const cached = cacheable ? cache.get(host, language, request.url) : undefined;
    // Compressed, the HTML (the page, its styles and its state) is a fifth of its size: on a phone's
    // 4G the first paint and the pictures it shows no longer wait for the rest of it.
    const encoding = encodingFor(request.headers['accept-encoding']);
    const send = async (page: ServedPage, cacheControl: string) => {
      reply
        .status(page.status)
        .header('Content-Security-Policy', page.contentSecurityPolicy)
        .header('Cache-Control', cacheControl)
        .header('Vary', 'Accept-Encoding')
        .type('text/html; charset=utf-8');
      if (!encoding) return reply.send(page.html);
      return reply.header('Content-Encoding', encoding).send(await compressed(page, encoding));
    };
    if (cached) return send(cached, 'no-cache');

    const callApi = async (call: ApiCall): Promise<ApiAnswer> => {
      const answer = await app.inject({
        method: call.method as 'GET',
        url: call.url,
        headers: {
          ...call.headers,
          host: request.headers.host ?? '',
          ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
        },
        payload: call.body,
      });
      return { status: answer.statusCode, headers: { 'content-type': String(answer.headers['content-type'] ?? '') }, body: answer.body };
    };
    let rendered: RenderedPage;
    try {
      rendered = await renderer.renderPage({ url: request.url, language, callApi });
    } catch (error) {
      request.log.error({ err: error }, 'rendering the page failed; the browser draws it');
      return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
    }
    if (rendered.kind === 'redirect') return reply.header('Cache-Control', 'no-store').redirect(rendered.location, 302);
    const page = assemble(renderer.template, rendered, String(reply.getHeader('Content-Security-Policy') ?? ''));
    if (rendered.shared && cacheable && rendered.agencyId) cache.set(host, language, request.url, rendered.agencyId, page);
    return send(page, rendered.shared ? 'no-cache' : 'no-store');
  };
}
