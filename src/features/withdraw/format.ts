/**
 * Minimal display helpers of the withdraw page: amounts with the Lao locale (SPEC.md section 9),
 * e.g. 1.234.567,50. Local to this feature because the site has no shared formatting module yet.
 * Decimal strings are split, never turned into floats.
 */
const laoGroups = new Intl.NumberFormat('lo-LA', { maximumFractionDigits: 0 });
const laoDecimal = new Intl.NumberFormat('lo-LA').formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? ',';

/** "741353" kip → "741.353 LAK". */
export const formatKip = (kip: bigint | string) => `${laoGroups.format(BigInt(kip))} LAK`;

/** "1500.00" THB → "1.500,00 THB". */
export function formatThb(amount: string): string {
  const [whole, fraction = ''] = amount.split('.');
  return `${laoGroups.format(BigInt(whole))}${laoDecimal}${fraction.padEnd(2, '0')} THB`;
}
