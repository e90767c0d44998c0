import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The body exactly as it arrived, as the signature covers it. */
  rawBody: string;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Resolves with the count-th call (1-based) once it has arrived. */
  call(count: number): Promise<ReceivedWebhook>;
  close(): Promise<void>;
}

/** A stand-in for the site's webhook endpoint: records every call and answers 200. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const waiting: { count: number; resolve: (call: ReceivedWebhook) => void }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        rawBody: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      for (const waiter of waiting.filter((w) => w.count <= received.length)) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(received[waiter.count - 1]);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/v2/webhooks/laoqr`,
    received,
    call: (count) =>
      received.length >= count ? Promise.resolve(received[count - 1]) : new Promise((resolve) => waiting.push({ count, resolve })),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
