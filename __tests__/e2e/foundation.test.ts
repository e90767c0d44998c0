import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser([`--host-resolver-rules=MAP unknown.test 127.0.0.1`]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the site in Chromium', () => {
  for (const width of [375, 768, 1280]) {
    it(`shows the layout of the demo agency at ${width} px`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      await page.goto(server.url);
      await page.getByTestId('footer').waitFor();
      await page.getByRole('heading', { name: 'ເກມອອນລາຍທີ່ດີທີ່ສຸດໃນລາວ' }).waitFor();
      expect(await page.getByRole('banner').textContent()).toContain('Champa');
      expect(await page.getByTestId('bottom-app-bar').isVisible()).toBe(width <= 576);
      await screenshot(page, `foundation-home-${width}`);
      await page.close();
    });
  }

  it('shows the cannot-enter screen on a host no agency serves', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await page.goto(`http://unknown.test:${server.port}/`);
    await page.getByTestId('cannot-enter').waitFor();
    expect(await page.getByTestId('cannot-enter').textContent()).toContain('ກະລຸນາຕິດຕໍ່ຝ່າຍບໍລິການລູກຄ້າ');
    await screenshot(page, 'foundation-cannot-enter-375');
    await page.close();
  });

  it('serves a deep link through the SPA fallback and scrolls back to the top', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 600 } });
    await page.goto(`${server.url}/player/deposit`);
    await page.getByTestId('footer').waitFor();
    await page.evaluate(() => {
      document.body.style.minHeight = '3000px';
      window.scrollTo(0, 800);
    });
    const toTop = page.getByRole('button', { name: 'ກັບຂຶ້ນເທິງສຸດ' });
    await toTop.click();
    await page.waitForFunction(() => window.scrollY === 0);
    await page.close();
  });
});
