import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { CANNOT_ENTER_PICTURE } from './cannotEnterPicture';

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
      <img {...CANNOT_ENTER_PICTURE} alt={t('cannotEnter.pictureAlt')} />
      <h1>{t('cannotEnter.title')}</h1>
      <p>{t('cannotEnter.message')}</p>
    </Screen>
  );
}
