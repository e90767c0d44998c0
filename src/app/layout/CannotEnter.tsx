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

/** Drawn by `npm run art` from scripts/art/cannot-enter.svg. */
export const CANNOT_ENTER_PICTURE = '/images/cannot-enter.webp';

/** Shown when no agency serves this host (the agency load answered 404). */
export function CannotEnter() {
  const { t } = useTranslation();
  return (
    <Screen data-testid="cannot-enter">
      <img src={CANNOT_ENTER_PICTURE} alt={t('cannotEnter.pictureAlt')} width={200} height={160} />
      <h1>{t('cannotEnter.title')}</h1>
      <p>{t('cannotEnter.message')}</p>
    </Screen>
  );
}
