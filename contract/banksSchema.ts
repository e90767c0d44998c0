import { Type } from 'typebox';
import { BANK_BADGE_SIZE, BANK_CODES } from './banks';

// Apart from banks.ts so the footer, which every page loads, takes the banks' list without a schema builder.

export const BankSchema = Type.Object({
  code: Type.Enum(BANK_CODES),
  shortName: Type.String({ description: 'The short name the bank goes by on its cards and apps' }),
  names: Type.Object({ lo: Type.String(), cn: Type.String(), vn: Type.String(), th: Type.String() }),
  accountNumberLength: Type.Integer({ description: 'An account number of this bank is exactly this many digits' }),
  logo: Type.String({
    // Drawn at twice the footer's size (`npm run art`).
    description: `A badge of our own drawing (WebP, ${BANK_BADGE_SIZE.width * 2} × ${BANK_BADGE_SIZE.height * 2} pixels), served from public/images/banks`,
  }),
});

/** GET /api/v2/banks. */
export const BanksResponseSchema = Type.Object({ banks: Type.Array(BankSchema) });
