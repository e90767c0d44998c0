import QRCode from 'qrcode';
import type { Browser, Page } from 'playwright-core';
import { verifyWebhook } from '../../server/adapters/payment';
import { buildLaoQr, type LaoQrBill } from '../../contract/laoqr';
import { launchBrowser, screenshot } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookReceiver';

const SECRET = 'e2e-webhook-secret-0123456789';

let receiver: WebhookReceiver;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startServer({ SANDBOX_BANK_WEBHOOK_URL: receiver.url, LAOQR_WEBHOOK_SECRET: SECRET });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await receiver?.close();
});

function bill(billNumber: string, amountKip: bigint): LaoQrBill {
  return {
    bankIin: '27710418',
    accountNumber: '0101000123456789',
    merchantCategoryCode: '7995',
    amountKip,
    merchantName: 'CHAMPA GAMES',
    merchantCity: 'VIENTIANE',
    billNumber,
  };
}

async function openBank(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto(`${server.url}/sandbox/bank`);
  await page.getByRole('heading', { name: 'Scan & pay' }).waitFor();
  await page.getByText(receiver.url).waitFor();
  expect(errors).toEqual([]);
  return page;
}

describe('the sandbox bank app in Chromium', () => {
  it('reads a pasted LaoQR, shows payee and amount, pays, and the site receives the signed webhook', async () => {
    const qr = bill('DEPE2E0001', 100_000n);
    const page = await openBank();
    await screenshot(page, 'sandbox-bank-start-375');

    await page.getByLabel('QR code text').fill(buildLaoQr(qr));
    await page.getByRole('button', { name: 'Read QR' }).click();
    await page.getByTestId('payee-name').getByText('CHAMPA GAMES').waitFor();
    expect(await page.getByTestId('bill-amount').textContent()).toBe('100,000 LAK');
    expect(await page.getByTestId('bill-number').textContent()).toBe('DEPE2E0001');
    await screenshot(page, 'sandbox-bank-confirm-375');

    await page.getByRole('button', { name: 'Pay 100,000 LAK' }).click();
    await page.getByTestId('receipt-title').getByText('Payment sent').waitFor();
    await page.getByTestId('deliveries').getByText('Site answered HTTP 200').waitFor();
    await screenshot(page, 'sandbox-bank-receipt-375');

    const call = await receiver.call(1);
    const verified = verifyWebhook(call.rawBody, call.headers, SECRET);
    expect(verified).toMatchObject({ ok: true, event: { billNumber: 'DEPE2E0001', amountKip: 100_000n } });
    await page.close();
  });

  it('decodes an uploaded QR image and pays a wrong amount twice when the tester asks', async () => {
    const qr = bill('DEPE2E0002', 250_000n);
    const image = await QRCode.toBuffer(buildLaoQr(qr), { type: 'png', width: 480, margin: 4 });
    const page = await openBank();
    await page.locator('#qr-image').setInputFiles({ name: 'deposit-qr.png', mimeType: 'image/png', buffer: image });
    await page.getByTestId('payee-name').getByText('CHAMPA GAMES').waitFor();
    expect(await page.getByTestId('bill-amount').textContent()).toBe('250,000 LAK');

    await page.getByText('Tester options').click();
    await page.getByLabel('Pay a different amount (LAK)').fill('240000');
    await page.getByLabel('Send the payment notice twice').check();
    await screenshot(page, 'sandbox-bank-tester-options-375');
    await page.getByRole('button', { name: 'Pay 250,000 LAK' }).click();
    await page.getByTestId('receipt-title').getByText('Payment sent').waitFor();
    expect(await page.getByTestId('deliveries').getByText('Site answered HTTP 200').count()).toBe(2);

    const first = verifyWebhook((await receiver.call(2)).rawBody, receiver.received[1].headers, SECRET);
    const second = verifyWebhook((await receiver.call(3)).rawBody, receiver.received[2].headers, SECRET);
    if (!first.ok || !second.ok) throw new Error('a sandbox webhook failed verification');
    expect(first.event).toMatchObject({ billNumber: 'DEPE2E0002', amountKip: 240_000n });
    expect(second.event.eventId).toBe(first.event.eventId);

    // The payment shows in the bank's history.
    await page.getByRole('button', { name: 'New payment' }).click();
    await page.locator('#payments').getByText('CHAMPA GAMES · DEPE2E0002').waitFor();
    await page.close();
  });

  it('says what is wrong with a damaged QR and pays nothing', async () => {
    const payload = buildLaoQr(bill('DEPE2E0003', 100_000n));
    const page = await openBank();
    await page.getByLabel('QR code text').fill(payload.slice(0, -4) + (payload.endsWith('0000') ? '1111' : '0000'));
    await page.getByRole('button', { name: 'Read QR' }).click();
    await page.getByRole('alert').getByText(/CRC/).waitFor();
    await screenshot(page, 'sandbox-bank-bad-qr-375');
    expect(await page.locator('#confirm').isVisible()).toBe(false);
    const received = receiver.received.length;
    const payments = await (await fetch(`${server.url}/sandbox/bank/api/payments`)).json();
    expect(payments.items.map((payment: { billNumber: string }) => payment.billNumber)).not.toContain('DEPE2E0003');
    expect(receiver.received.length).toBe(received);
    await page.close();
  });
});
