import { createHash } from 'node:crypto';

/**
 * The gateway's ids (event ids, bill numbers, transaction ids) are whatever it signed, and a signed
 * payment is never refused for them: this module is how the site keeps any string and names it in
 * keys that have a length limit.
 */

/** NUL, a lone surrogate (neither fits PostgreSQL text, the second is silently replaced) or the backslash that escapes them. */
const UNSTORABLE = /\\|\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A gateway id as the site stores it: `\` is written `\\`, NUL `\0` and a lone surrogate
 * `\uXXXX`; any other id is kept as it is. The adapter hands the domain ids in this form only, so
 * an id compares equal to itself however it arrived; originalGatewayId gives back the id as signed.
 */
export function storedGatewayId(id: string): string {
  return id.replace(UNSTORABLE, (char) =>
    char === '\\' ? '\\\\' : char === '\0' ? '\\0' : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The id as the gateway signed it, from its stored form (the inverse of storedGatewayId). */
export function originalGatewayId(stored: string): string {
  return stored.replace(/\\(\\|0|u[0-9a-f]{4})/g, (_, escape: string) =>
    escape === '\\' ? '\\' : escape === '0' ? '\0' : String.fromCharCode(parseInt(escape.slice(1), 16)),
  );
}

const HASHED = 'sha256:';
/**
 * Ids kept as they are in a key: visible ASCII, and short enough that `refund-${key}` fits the
 * gateway's 100-character refs, as every id that worked before this rule did. A stored id that
 * starts like a hashed key is hashed too, so two ids never share a key.
 */
const KEPT_AS_IS = new RegExp(`^(?!${HASHED})[\\x21-\\x7e]{1,93}$`);

/**
 * The key of a stored gateway id, for ledger idempotency keys, refs and gateway refs: the id
 * itself when it is short visible ASCII, otherwise `sha256:` and the hex digest of the stored id
 * (71 characters). The id itself stays in its own column.
 */
export function gatewayIdKey(stored: string): string {
  return KEPT_AS_IS.test(stored) ? stored : `${HASHED}${createHash('sha256').update(stored).digest('hex')}`;
}
