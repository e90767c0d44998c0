import { render, screen, waitFor } from '@testing-library/react';
import jsQR from 'jsqr';
import { ThemeProvider } from 'styled-components';
import { QrImage, saveQrImage } from '../../web/ui/QrImage';
import { buildLaoQr } from '../../contract/laoqr';
import { theme } from '../../web/ui/theme';

// qrcode's own PNG codec decodes the image back to pixels, so the test reads the QR like a phone would.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { PNG } = require('pngjs') as { PNG: { sync: { read(data: Buffer): { width: number; height: number; data: Buffer } } } };

function readQr(dataUrl: string): string | undefined {
  expect(dataUrl).toMatch(/^data:image\/png;base64,/);
  const png = PNG.sync.read(Buffer.from(dataUrl.split(',')[1], 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

// Drawing a PNG in pure JavaScript takes a few seconds on a busy machine.
jest.setTimeout(60_000);
const slow = { timeout: 30_000 };

const payload = buildLaoQr({
  bankIin: '27710418',
  accountNumber: '0101000123456789',
  merchantCategoryCode: '7995',
  amountKip: 100_000n,
  merchantName: 'CHAMPA GAMES',
  merchantCity: 'VIENTIANE',
  billNumber: 'D7K2M9QX4P',
});

describe('QrImage', () => {
  it('shows the payload as a PNG QR code a reader decodes back to the same payload', async () => {
    render(
      <ThemeProvider theme={theme}>
        <QrImage payload={payload} alt="QR ຈ່າຍ 100,000 ກີບ" size={200} />
      </ThemeProvider>,
    );
    const image = await waitFor(() => {
      const element = screen.getByRole('img', { name: 'QR ຈ່າຍ 100,000 ກີບ' });
      expect(element.tagName).toBe('IMG');
      return element as HTMLImageElement;
    }, slow);
    expect(image).toHaveAttribute('width', '200');
    expect(readQr(image.getAttribute('src')!)).toBe(payload);
  });

  it('redraws when the payload changes', async () => {
    const other = payload.replace('D7K2M9QX4P', 'X');
    const { rerender } = render(<QrImage payload={payload} alt="QR" />);
    await waitFor(() => expect(screen.getByRole('img', { name: 'QR' }).tagName).toBe('IMG'), slow);
    rerender(<QrImage payload={other} alt="QR" />);
    await waitFor(
      () => expect(readQr(screen.getByRole('img', { name: 'QR' }).getAttribute('src') ?? 'data:image/png;base64,')).toBe(other),
      slow,
    );
  });
});

describe('saveQrImage', () => {
  it('downloads the QR code as a PNG file', async () => {
    const clicked: HTMLAnchorElement[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    try {
      await saveQrImage(payload, 'champa-deposit-D7K2M9QX4P');
      expect(clicked).toHaveLength(1);
      expect(clicked[0].download).toBe('champa-deposit-D7K2M9QX4P.png');
      expect(readQr(clicked[0].href)).toBe(payload);
      expect(document.body.contains(clicked[0])).toBe(false);
    } finally {
      click.mockRestore();
    }
  });
});
