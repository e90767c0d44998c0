import styled from 'styled-components';

export const PageBody = styled.main`
  max-width: 1080px;
  margin: 0 auto;
  padding: 16px;
  min-height: 60vh;
`;

export const PageTitle = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  margin: 8px 0 16px;
`;
