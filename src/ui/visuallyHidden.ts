import { css } from 'styled-components';

/** Out of sight but read by screen readers (and shown again where a rule says so, e.g. on focus). */
export const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;
