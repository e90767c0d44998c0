/** The shapes the sandbox providers' routes share. */
export const MEMBER = { type: 'string', pattern: '^[a-z0-9_]{3,32}$' } as const;
export const AMOUNT = { type: 'string', pattern: '^(0|[1-9][0-9]{0,14})(\\.[0-9]{1,2})?$' } as const;
export const providerParams = { type: 'object', required: ['provider'], properties: { provider: { type: 'string' } } } as const;
export const memberParams = {
  type: 'object',
  required: ['provider', 'member'],
  properties: { provider: { type: 'string' }, member: MEMBER },
} as const;
// The sandbox stands for outside companies: it stays out of the site's API document.
export const hide = true;
export const tokenParams = {
  type: 'object',
  required: ['provider', 'token'],
  properties: { provider: { type: 'string' }, token: { type: 'string', maxLength: 100 } },
} as const;
