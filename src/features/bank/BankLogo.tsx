import styled from 'styled-components';
import type { Bank } from '../../../contract/banks';

/** The badge is wider than tall: it is fitted into the square, not stretched to fill it. */
const Badge = styled.img`
  flex: none;
  object-fit: contain;
`;

/** The bank's badge; decorative, as its name is always written beside it. */
export function BankLogo({ bank, size }: { bank: Bank; size: number }) {
  return <Badge src={bank.logo} alt="" width={size} height={size} />;
}
