import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { createInstance, type BackendModule, type ReadCallback, type i18n } from 'i18next';
import { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next';
import { WithTexts } from '../../src/i18n/WithTexts';

/** A backend that answers each namespace only when the test says so, as a slow phone would. */
function slowBackend() {
  const waiting = new Map<string, ReadCallback>();
  const backend: BackendModule = {
    type: 'backend',
    init: () => {},
    read: (_language, namespace, callback) => void waiting.set(namespace, callback),
  };
  return { backend, answer: (namespace: string, texts: Record<string, string>) => waiting.get(namespace)?.(null, texts) };
}

function PromotionTitle() {
  const { t } = useTranslation('promotion');
  return <h1>{t('history')}</h1>;
}

/** The title of a page of the promotion namespace, behind WithTexts and a Suspense with a fallback. */
const renderPromotionTitle = (instance: i18n) =>
  render(
    <I18nextProvider i18n={instance}>
      <Suspense fallback={<p>ກຳລັງໂຫຼດ</p>}>
        <WithTexts namespaces={['promotion']}>
          <PromotionTitle />
        </WithTexts>
      </Suspense>
    </I18nextProvider>,
  );

it('keeps a page behind its fallback until its texts are in, never showing their keys', async () => {
  const { backend, answer } = slowBackend();
  const i18n = createInstance();
  await i18n
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: 'lo',
      fallbackLng: 'lo',
      ns: ['common'],
      defaultNS: 'common',
      partialBundledLanguages: true,
      resources: { lo: { common: { loading: 'ກຳລັງໂຫຼດ' } } },
      react: { useSuspense: false },
    });
  renderPromotionTitle(i18n);
  expect(screen.getByText('ກຳລັງໂຫຼດ')).toBeInTheDocument();
  expect(screen.queryByText('history')).not.toBeInTheDocument();

  answer('promotion', { history: 'ປະຫວັດໂປຣໂມຊັນ' });
  expect(await screen.findByRole('heading', { name: 'ປະຫວັດໂປຣໂມຊັນ' })).toBeInTheDocument();
  expect(screen.queryByText('history')).not.toBeInTheDocument();
});

it('shows a page whose texts are in at once, with no fallback', () => {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'lo',
    resources: { lo: { promotion: { history: 'ປະຫວັດໂປຣໂມຊັນ' } } },
    initAsync: false,
    react: { useSuspense: false },
  });
  renderPromotionTitle(i18n);
  expect(screen.getByRole('heading', { name: 'ປະຫວັດໂປຣໂມຊັນ' })).toBeInTheDocument();
  expect(screen.queryByText('ກຳລັງໂຫຼດ')).not.toBeInTheDocument();
});
