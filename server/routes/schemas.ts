/** JSON schemas shared by several route plugins. */

export const errorSchema = {
  type: 'object',
  required: ['code', 'message'],
  properties: { code: { type: 'string' }, message: { type: 'string' } },
} as const;

export const agencySchema = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string' }, name: { type: 'string' } },
} as const;

export const agencyInfoSchema = {
  type: 'object',
  required: ['id', 'name', 'social', 'site'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    site: {
      type: 'object',
      required: ['signUpMinutes', 'gameCount'],
      properties: { signUpMinutes: { type: 'integer' }, gameCount: { type: 'integer' } },
    },
    social: {
      type: 'object',
      properties: {
        whatsapp: { type: 'string' },
        line: { type: 'string' },
        facebook: { type: 'string' },
        telegram: { type: 'string' },
        twitter: { type: 'string' },
      },
    },
  },
} as const;
