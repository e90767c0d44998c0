import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useChooseRealityCheckMutation, useGetRealityCheckQuery } from '../../api/responsiblePlay';
import { REALITY_CHECK_MINUTES, type RealityCheckMinutes } from '../../../contract/realityCheck';
import { Select } from '../../../web/ui/Select';
import { Spinner } from '../../../web/ui/Spinner';
import { useToast } from '../../../web/ui/Toast';

const isMinutes = (value: number): value is RealityCheckMinutes => (REALITY_CHECK_MINUTES as readonly number[]).includes(value);

/** The logged-in player's choice of reality-check interval; until they choose, the agency's default shows as such. */
export function RealityCheckSetting() {
  const { t } = useTranslation('responsiblePlay');
  const { t: tc } = useTranslation();
  const toast = useToast();
  const { data } = useGetRealityCheckQuery();
  const [choose, { isLoading }] = useChooseRealityCheckMutation();
  if (!data) return <Spinner aria-label={tc('loading')} />;
  const change = async (event: ChangeEvent<HTMLSelectElement>) => {
    const minutes = Number(event.target.value);
    if (!isMinutes(minutes)) return;
    const { error } = await choose({ minutes });
    toast(error ? { status: 'error', title: tc('errors.INTERNAL') } : { status: 'success', title: t('setting.saved') });
  };
  return (
    <Select
      label={t('setting.label')}
      value={String(data.minutes)}
      disabled={isLoading}
      onChange={(event) => void change(event)}
      hint={data.chosen ? undefined : t('setting.agencyDefault')}
      options={REALITY_CHECK_MINUTES.map((minutes) => ({
        value: String(minutes),
        label: minutes === 0 ? t('setting.off') : t('setting.every', { minutes }),
      }))}
    />
  );
}
