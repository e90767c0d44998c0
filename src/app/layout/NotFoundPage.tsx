import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Link } from '../../ui/Link';
import { PageBody } from '../../ui/Page';

const Box = styled.div`
  display: grid;
  justify-items: center;
  gap: 12px;
  padding: 48px 16px;
  text-align: center;
`;

const Code = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.figure};
  font-weight: 700;
  line-height: 1;
  color: ${({ theme }) => theme.colors.primary};
`;

const Home = styled(Link)`
  min-height: 44px;
  display: inline-flex;
  align-items: center;
  padding: ${({ theme }) => theme.buttonPadding};
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.primary};
  text-decoration: none;
  font-weight: 700;
`;

/** Any path no route serves ('Not Found'). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PageBody>
      <Box>
        <Code aria-hidden="true">404</Code>
        <h1>{t('notFound')}</h1>
        <Home href="/">{t('backHome')}</Home>
      </Box>
    </PageBody>
  );
}
