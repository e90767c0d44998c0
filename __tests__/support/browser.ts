import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { projectRoot } from '../../server/config';
import { CHROMIUM } from '../../scripts/chromium';

export const SCREENSHOTS = path.join(projectRoot, 'artifacts', 'screenshots');

/**
 * Debian's Chromium, headless. The background-networking flags keep it from calling out to a
 * network this machine does not have.
 */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      ...extraArgs,
    ],
  });
}

/** The two devices the suites drive: a laptop, and a phone in a player's hand. */
export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };
export const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** A browser context logged in as the player through its session cookie, and a page in it. */
export async function loggedIn(
  browser: Browser,
  siteUrl: string,
  player: { cookie: string },
  device: BrowserContextOptions = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(device);
  const [name, value] = player.cookie.split('=');
  await context.addCookies([{ name, value, url: siteUrl }]);
  return { context, page: await context.newPage() };
}

/**
 * Waits until the app has taken over the server's page. The server-rendered HTML is readable at
 * once, but before hydration a click is a full page load and a form posts natively: the app sets
 * scroll restoration to manual when it starts, and the routed page is busy until it is hydrated.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(
    () => window.history.scrollRestoration === 'manual' && document.getElementById('page')?.getAttribute('aria-busy') !== 'true',
  );
}

/** Opens a page of the player site and waits until the app has taken it over, ready for a player's hand. */
export async function openPage(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForApp(page);
}

/**
 * Waits until the page has stopped moving: its calls answered, its fonts loaded and its height the
 * same for `quietMs`. Data or texts that arrive late, or a font swapped in, reflow the page, and
 * the browser then moves the view to keep what was in it in place.
 */
export async function waitForSteadyLayout(page: Page, quietMs = 600): Promise<void> {
  await page.waitForLoadState('networkidle');
  let last = '';
  for (let steadySince = Date.now(); Date.now() - steadySince < quietMs; await page.waitForTimeout(100)) {
    const now = await page.evaluate(() =>
      document.fonts.ready.then(() => `${document.fonts.status} ${document.documentElement.scrollHeight}`),
    );
    if (now !== last) {
      last = now;
      steadySince = Date.now();
    }
  }
}

/** An element that sticks out past the right edge of the page, and the media rules it does not show. */
export interface Overflowing {
  /** Tag, classes and right edge, with the display and max-width the browser applied. */
  element: string;
  /**
   * Declarations of the @media rules that match the viewport now and select the element, which its
   * computed style does not show: another rule overrides them, or the browser has not yet taken in a
   * resize. A value the browser resolves (1fr as pixels, auto margins as lengths) counts as shown
   * when the element resolves the rule's value the same.
   */
  unapplied: string[];
}

/** The first elements that stick out past the right edge of the page (a sideways scroll on a phone). */
export function overflowReport(page: Page): Promise<Overflowing[]> {
  return page.evaluate(() => {
    const matchingRules = Array.from(document.styleSheets)
      .flatMap((sheet) => Array.from(sheet.cssRules))
      .filter((rule): rule is CSSMediaRule => rule instanceof CSSMediaRule && matchMedia(rule.conditionText).matches)
      .flatMap((rule) => Array.from(rule.cssRules).filter((inner): inner is CSSStyleRule => inner instanceof CSSStyleRule));
    const selects = (el: Element, selector: string) => {
      try {
        return el.matches(selector);
      } catch {
        return false; // a pseudo-element's selector
      }
    };
    /** The value the element would show with `wanted` applied: set inline for a moment, then put back. */
    const resolvedOn = (el: HTMLElement, property: string, wanted: string) => {
      const [inline, priority] = [el.style.getPropertyValue(property), el.style.getPropertyPriority(property)];
      el.style.setProperty(property, wanted, 'important');
      const resolved = getComputedStyle(el).getPropertyValue(property);
      el.style.setProperty(property, inline, priority);
      return resolved;
    };
    return Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
      .slice(0, 8)
      .map((el) => {
        const computed = getComputedStyle(el);
        const classes = Array.from(el.classList).map((name) => `.${name}`);
        const right = Math.round(el.getBoundingClientRect().right);
        const element = `${el.tagName}${classes.join('')}:${right} (display ${computed.display}, max-width ${computed.maxWidth})`;
        const unapplied = matchingRules
          .filter((rule) => selects(el, rule.selectorText))
          .flatMap((rule) =>
            Array.from(rule.style).flatMap((property) => {
              const [wanted, shown] = [rule.style.getPropertyValue(property), computed.getPropertyValue(property)];
              return shown === wanted || resolvedOn(el, property, wanted) === shown ? [] : [`${property} ${wanted} shows ${shown}`];
            }),
          );
        return { element, unapplied };
      });
  });
}

/**
 * A measure of the page once it has taken in its size: while `stillOut` holds it is measured again
 * every 100 ms, for up to 2 s. Parts follow a resize a frame or more later (a chart through its
 * ResizeObserver; in CI once a phone page's footer), and only what stays out is a fault.
 */
export async function measuredOnceSettled<T>(page: Page, measure: () => Promise<T>, stillOut: (value: T) => boolean): Promise<T> {
  let value = await measure();
  for (let waited = 0; stillOut(value) && waited < 2_000; waited += 100) {
    await page.waitForTimeout(100);
    value = await measure();
  }
  return value;
}

/** The overflow report, once settled, one line per element with any media rule that matches but does not show. */
export async function overflowingElements(page: Page): Promise<string[]> {
  const report = await measuredOnceSettled(
    page,
    () => overflowReport(page),
    (elements) => elements.length > 0,
  );
  return report.map(({ element, unapplied }) =>
    unapplied.length === 0 ? element : `${element} [matching media rules not applied: ${unapplied.join(', ')}]`,
  );
}

export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({
    path: path.join(SCREENSHOTS, `${name}.png`),
    fullPage: true,
    // Parts laid out only near the screen (content-visibility) would be blank in a whole-page
    // picture; drawn for it, they show what a player scrolling down sees.
    style: '* { content-visibility: visible !important; }',
  });
}
