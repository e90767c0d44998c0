import { screenshot, openPage } from '../support/browser';
import { e2eSite } from '../support/e2eSite';

const e2e = e2eSite({}, [`--host-resolver-rules=MAP unknown.test 127.0.0.1`]);

describe('the site in Chromium', () => {
  for (const width of [375, 768, 1280]) {
    it(`shows the layout of the demo agency at ${width} px`, async () => {
      const page = await e2e.browser.newPage({ viewport: { width, height: 800 } });
      await openPage(page, e2e.server.url);
      await page.getByTestId('footer').waitFor();
      await page.getByRole('heading', { name: 'ເກມອອນລາຍທີ່ດີທີ່ສຸດໃນລາວ' }).waitFor();
      expect(await page.getByRole('banner').textContent()).toContain('Champa');
      expect(await page.getByTestId('bottom-app-bar').isVisible()).toBe(width <= 576);
      await screenshot(page, `foundation-home-${width}`);
      await page.close();
    });
  }

  it('shows the cannot-enter screen on a host no agency serves', async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 375, height: 800 } });
    await page.goto(`http://unknown.test:${e2e.server.port}/`);
    await page.getByTestId('cannot-enter').waitFor();
    expect(await page.getByTestId('cannot-enter').textContent()).toContain('ກະລຸນາຕິດຕໍ່ຝ່າຍບໍລິການລູກຄ້າ');
    await screenshot(page, 'foundation-cannot-enter-375');
    await page.close();
  });

  it('serves a deep link through the SPA fallback and scrolls back to the top', async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 600 } });
    await openPage(page, `${e2e.server.url}/player/deposit`);
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
