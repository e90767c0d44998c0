import { useEffect, useState } from 'react';
import styled from 'styled-components';

/**
 * A payload (a deposit's LaoQR, an operator's authenticator secret) as a QR code image. Dark
 * modules on white with the standard 4-module quiet zone, so phone apps read it from a dark page
 * and from a saved screenshot.
 * Error correction M leaves room for a scratched or glare-covered screen.
 * The QR library is a chunk of its own: a page draws its code after it has drawn, and the deposit
 * page shows one only once there is an order.
 */
export async function qrPngDataUrl(payload: string, widthPx: number): Promise<string> {
  const { default: QRCode } = await import(/* webpackChunkName: "qrcode" */ 'qrcode');
  return QRCode.toDataURL(payload, {
    errorCorrectionLevel: 'M',
    margin: 4,
    width: widthPx,
    color: { dark: '#000000ff', light: '#ffffffff' },
  });
}

const Frame = styled.div<{ $size: number }>`
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  max-width: 100%;
  border-radius: 8px;
  background: #ffffff;
`;

const Picture = styled.img`
  display: block;
  width: 100%;
  height: 100%;
  border-radius: 8px;
  image-rendering: pixelated;
`;

export interface QrImageProps {
  payload: string;
  /** What the image is, for screen readers (e.g. "QR code to pay 100,000 LAK"). */
  alt: string;
  /** Shown width and height in CSS pixels. */
  size?: number;
}

/** Renders the payload's QR code; until it is drawn, a white square of the same size holds its place. */
export function QrImage({ payload, alt, size = 240 }: QrImageProps) {
  const [drawn, setDrawn] = useState<{ payload: string; url: string }>();

  useEffect(() => {
    let current = true;
    // Twice the shown size keeps the modules sharp on high-density phone screens.
    qrPngDataUrl(payload, size * 2).then(
      (url) => current && setDrawn({ payload, url }),
      () => current && setDrawn(undefined),
    );
    return () => {
      current = false;
    };
  }, [payload, size]);

  return (
    <Frame $size={size}>
      {drawn?.payload === payload ? (
        <Picture src={drawn.url} alt={alt} width={size} height={size} />
      ) : (
        <Picture as="span" role="img" aria-label={alt} aria-busy="true" />
      )}
    </Frame>
  );
}

/** Downloads the payload's QR code as a PNG named fileName, for paying from the banking app's gallery. */
export async function saveQrImage(payload: string, fileName: string): Promise<void> {
  const link = document.createElement('a');
  link.href = await qrPngDataUrl(payload, 720);
  link.download = fileName.toLowerCase().endsWith('.png') ? fileName : `${fileName}.png`;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
