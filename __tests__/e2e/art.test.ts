import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { projectRoot } from '../../server/config';
import { draw, pictures, type Picture } from '../../scripts/art';
import { launchBrowser } from '../support/browser';

/**
 * The mean difference, per colour channel and pixel on a 0 to 255 scale, between two pictures of the
 * same size in device pixels, as the browser decodes them.
 */
function meanDifference(page: Page, picture: Picture, first: Buffer, second: Buffer): Promise<number> {
  const dataUrl = (file: Buffer, format: string) => `data:image/${format};base64,${file.toString('base64')}`;
  return page.evaluate(
    async ({ urls, width, height }) => {
      const pixels = await Promise.all(
        urls.map(async (url) => {
          const image = new Image();
          image.src = url;
          await image.decode();
          const canvas = document.createElement('canvas');
          [canvas.width, canvas.height] = [width, height];
          const context = canvas.getContext('2d') as CanvasRenderingContext2D;
          context.drawImage(image, 0, 0, width, height);
          return context.getImageData(0, 0, width, height).data;
        }),
      );
      let sum = 0;
      for (let i = 0; i < pixels[0].length; i++) sum += Math.abs(pixels[0][i] - pixels[1][i]);
      return sum / pixels[0].length;
    },
    {
      urls: [dataUrl(first, 'png'), dataUrl(second, picture.format)],
      width: picture.width * picture.scale,
      height: picture.height * picture.scale,
    },
  );
}

/** WebP's loss at the cards' quality is about 1.3 at most; another provider's card differs by 40 and more. */
const SAME_PICTURE = 4;

describe('the raster pictures in public/ (npm run art)', () => {
  let browser: Browser;
  let page: Page;
  const all = pictures();
  const committed = (picture: Picture) => fs.readFileSync(path.join(projectRoot, 'public', picture.file));

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage();
  });
  afterAll(() => browser?.close());

  it.each(all.map((picture) => [picture.file, picture] as const))('%s is its source drawn again', async (_file, picture) => {
    const drawn = await draw(page, picture, 'png');
    expect(await meanDifference(page, picture, drawn, committed(picture))).toBeLessThan(SAME_PICTURE);
  });

  it('tells one provider card from another', async () => {
    const [first, second] = all;
    const drawn = await draw(page, first, 'png');
    expect(await meanDifference(page, first, drawn, committed(second))).toBeGreaterThan(SAME_PICTURE * 3);
  });
});
