import fs from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { chromium, type Page } from 'playwright-core';
import { CANNOT_ENTER_PICTURE } from '../src/app/layout/cannotEnterPicture';
import { BANKS, BANK_BADGE_SIZE } from '../contract/banks';
import { PROVIDERS, PROVIDER_CARD_SIZE, providerCardPicture } from '../contract/providers';
import { Logo } from '../web/ui/Logo';
import { theme } from '../web/ui/theme';
import { CHROMIUM } from './chromium';

/**
 * `npm run art`: draws the site's raster pictures from their sources, in Debian's Chromium (the
 * browser the tests use), into public/, where they are committed. A picture shown by an <img> as SVG
 * costs the browser a document of its own, made on the page's main thread, which a phone's slow
 * CPU pays before the page answers; a raster is decoded off that thread.
 * The sources: scripts/art/ for the providers' cards, the banks' badges and the cannot-enter
 * screen's gate, the Logo component for the icons.
 */
const root = path.resolve(__dirname, '..');

export interface Picture {
  /** Where it is written, under public/: its path on the site without the leading slash. */
  file: string;
  /** Its source, SVG markup drawn at `width` × `height`. */
  svg: string;
  width: number;
  height: number;
  /** Device pixels per CSS pixel of the written file. */
  scale: number;
  format: 'webp' | 'png';
  /** Painted behind the source: a home-screen icon is never see-through. */
  background?: string;
}

/** Lossy: files much smaller than at higher qualities, still close to their sources (art.test.ts holds how close). */
const WEBP_QUALITY = 70;

/** A WebP picture drawn from its SVG source in scripts/art/, at twice its largest size on the site: sharp on a phone's denser screen. */
const fromSource = (sitePath: string, source: string, size: { width: number; height: number }): Picture => ({
  file: sitePath.slice(1),
  svg: fs.readFileSync(path.join(root, 'scripts/art', source), 'utf8'),
  width: size.width,
  height: size.height,
  scale: 2,
  format: 'webp',
});

export function pictures(): Picture[] {
  const logo = (size: number) => renderToStaticMarkup(createElement(Logo, { size }));
  return [
    ...PROVIDERS.map((provider) => fromSource(providerCardPicture(provider), `providers/${provider}.svg`, PROVIDER_CARD_SIZE)),
    ...BANKS.map((bank) => fromSource(bank.logo, `banks/${bank.code}.svg`, BANK_BADGE_SIZE)),
    fromSource(CANNOT_ENTER_PICTURE.src, 'cannot-enter.svg', CANNOT_ENTER_PICTURE),
    // The tab's icon, and the one a phone puts on its home screen (a margin around the flower, as
    // the phone rounds its corners).
    { file: 'images/icon-32.png', svg: logo(32), width: 32, height: 32, scale: 1, format: 'png' },
    { file: 'images/icon-180.png', svg: logo(140), width: 180, height: 180, scale: 1, format: 'png', background: theme.colors.background },
  ];
}

/** The picture drawn from its source, as a file of `format` (PNG for a lossless copy to compare with). */
export async function draw(page: Page, picture: Picture, format: Picture['format'] = picture.format): Promise<Buffer> {
  const { width, height, scale, background = 'transparent' } = picture;
  await page.setContent(
    `<style>html,body{margin:0}div{display:grid;place-items:center;width:${width}px;height:${height}px;background:${background}}svg{display:block}</style><div>${picture.svg}</div>`,
  );
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Emulation.setDefaultBackgroundColorOverride', { color: { r: 0, g: 0, b: 0, a: 0 } });
    const { data } = await cdp.send('Page.captureScreenshot', {
      format,
      ...(format === 'webp' ? { quality: WEBP_QUALITY } : {}),
      clip: { x: 0, y: 0, width, height, scale },
    });
    return Buffer.from(data, 'base64');
  } finally {
    await cdp.detach();
  }
}

async function main() {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    for (const picture of pictures()) {
      const file = path.join(root, 'public', picture.file);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, await draw(page, picture));
      console.log(`${picture.file}: ${fs.statSync(file).size} bytes`);
    }
  } finally {
    await browser.close();
  }
}

if (require.main === module) void main();
