import { request } from 'undici';

/**
 * One JSON call to the outside world (a game provider, the bank's gateway), on undici's kept-alive
 * connections. undici's `request` rather than fetch: every deposit's credit makes such a call, and
 * fetch's web streams and abort machinery cost it about three times the CPU.
 */

/**
 * The answer's HTTP status and its body's JSON (undefined when the body is empty or not JSON); or
 * no answer: none within the timeout (`timedOut`), or the connection failed (`reason` says how).
 */
export type OutsideAnswer = { answered: true; status: number; body: unknown } | { answered: false; timedOut: boolean; reason: string };

export interface OutsideRequest {
  method: 'GET' | 'POST';
  /** Sent as JSON. */
  body?: unknown;
  /** For the whole call, the answer's body included. */
  timeoutMs: number;
}

function parsedJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

export async function callOutside(url: string, { method, body, timeoutMs }: OutsideRequest): Promise<OutsideAnswer> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await request(url, {
      method,
      signal,
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { answered: true, status: response.statusCode, body: parsedJson(await response.body.text()) };
  } catch (error) {
    if (signal.aborted) return { answered: false, timedOut: true, reason: `no answer within ${timeoutMs} ms` };
    const code = (error as { code?: unknown } | null)?.code;
    return {
      answered: false,
      timedOut: false,
      reason: typeof code === 'string' ? code : error instanceof Error ? error.message : String(error),
    };
  }
}
