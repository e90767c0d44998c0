import styled from 'styled-components';
import type { Bank } from '../../contract/banks';

const Badge = styled.img`
  flex: none;
  border-radius: 6px;
`;

/** The bank's badge; decorative, as its name is always written beside it. */
export function BankLogo({ bank, size }: { bank: Bank; size: number }) {
  return <Badge src={bank.logo} alt="" width={size} height={size} />;
}
