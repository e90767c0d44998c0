import styled from 'styled-components';
import { useTranslation } from 'react-i18next';

const Screen = styled.main`
  min-height: 100vh;
  display: grid;
  place-content: center;
  justify-items: center;
  gap: 16px;
  padding: 24px;
  text-align: center;
`;

/** Shown when no agency serves this host (the agency load answered 404). */
export function CannotEnter() {
  const { t } = useTranslation();
  return (
    <Screen data-testid="cannot-enter">
      <img src="/images/cannot-enter.svg" alt={t('cannotEnter.pictureAlt')} width={200} height={160} />
      <h1>{t('cannotEnter.title')}</h1>
      <p>{t('cannotEnter.message')}</p>
    </Screen>
  );
}
