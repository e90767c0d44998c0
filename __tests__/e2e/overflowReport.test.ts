import type { Browser } from 'playwright-core';
import { launchBrowser, overflowReport, overflowingElements } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** A 600 px box on a 320 px page, and a media rule for the viewport it has. */
async function pageWith(css: string) {
  const page = await browser.newPage({ viewport: { width: 320, height: 600 } });
  await page.setContent(`<style>body { margin: 0; } .box { width: 600px; } ${css}</style><main><div class="box">x</div></main>`);
  return page;
}

describe('the layout sweep’s overflow report', () => {
  it('names an element past the right edge, with what the browser applied', async () => {
    const page = await pageWith('@media (max-width: 400px) { .box { color: rgb(255, 0, 0); } }');
    expect(await overflowReport(page)).toEqual([{ element: 'DIV.box:600 (display block, max-width none)', unapplied: [] }]);
    await page.close();
  });

  it('tells a media rule that matches the viewport but does not show in the computed style', async () => {
    // A later rule undoes it here; Chromium's stale style state after a resize looks the same.
    const page = await pageWith('@media (max-width: 400px) { .box { max-width: 100px; } } .box { max-width: 700px; }');
    expect(await overflowReport(page)).toEqual([
      { element: 'DIV.box:600 (display block, max-width 700px)', unapplied: ['max-width 100px shows 700px'] },
    ]);
    expect(await overflowingElements(page)).toEqual([
      'DIV.box:600 (display block, max-width 700px) [matching media rules not applied: max-width 100px shows 700px]',
    ]);
    await page.close();
  });

  it('counts a value the browser resolves as shown: a track of 1fr as pixels, auto margins as lengths', async () => {
    const page = await pageWith('@media (max-width: 400px) { .box { display: grid; grid-template-columns: 1fr; margin: 0 auto; } }');
    expect(await overflowReport(page)).toEqual([{ element: 'DIV.box:600 (display grid, max-width none)', unapplied: [] }]);
    await page.close();
  });

  it('measures again while something sticks out, so a part that follows the width a moment later is not a fault', async () => {
    const page = await pageWith('');
    await page.evaluate(() => setTimeout(() => document.querySelector<HTMLElement>('.box')!.style.setProperty('width', '100px'), 300));
    expect(await overflowingElements(page)).toEqual([]);
    await page.close();
  });

  it('leaves out media rules for other widths and elements that fit', async () => {
    const page = await pageWith('@media (min-width: 400px) { .box { max-width: 100px; } } .fits { width: 10px; }');
    await page.evaluate(() => document.querySelector('main')!.insertAdjacentHTML('beforeend', '<p class="fits">y</p>'));
    expect(await overflowReport(page)).toEqual([{ element: 'DIV.box:600 (display block, max-width none)', unapplied: [] }]);
    await page.close();
  });
});
