import { useTranslation } from 'react-i18next';
import { displayMoney } from '../../../contract/format';
import { Notice } from '../../../web/ui/Notice';
import { Spinner } from '../../../web/ui/Spinner';
import { useGetOperatorQuery } from '../../api/operators';
import { useGetAgencySettingsQuery, useGetReceivingAccountQuery } from '../../api/settings';
import { FourEyesSettings } from '../../ui/FourEyesSettings';
import { AgencyHosts } from './AgencyHosts';
import { AgencySettingsForm, type SettingsGroup } from './AgencySettingsForm';
import { ReceivingAccountForm } from './ReceivingAccountForm';
import { SettingsSection } from './SettingsSection';

const GROUPS: readonly SettingsGroup[] = ['agency', 'site', 'deposit'];

/**
 * The agency's settings: owners change its name, links, header numbers, deposit bounds, receiving
 * account, four-eyes amount, hosts and withdrawal limits, each with a reason; staff see them.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const settings = useGetAgencySettingsQuery();
  const receiving = useGetReceivingAccountQuery();
  const operator = useGetOperatorQuery();
  if (settings.isError || receiving.isError) return <Notice $tone="danger">{t('agencySettings.loadFailed')}</Notice>;
  if (!settings.data || !receiving.data || !operator.data) return <Spinner />;
  const { role } = operator.data;
  const readOnly = role !== 'owner';
  const { hosts, deposit } = settings.data;
  return (
    <>
      <h1>{t('agencySettings.heading')}</h1>
      {readOnly && <Notice $tone="warning">{t('agencySettings.ownersOnly')}</Notice>}
      {GROUPS.map((group) => (
        <SettingsSection key={group} aria-labelledby={`settings-${group}`}>
          <h2 id={`settings-${group}`}>{t(`agencySettings.${group}.heading`)}</h2>
          {group === 'deposit' && (
            <p>
              {t('agencySettings.deposit.current', {
                min: displayMoney(String(deposit.minKip), 'LAK'),
                max: displayMoney(String(deposit.maxKip), 'LAK'),
              })}
              {!settings.data.depositLimitsOwn && ` ${t('agencySettings.deposit.needsAccount')}`}
            </p>
          )}
          <AgencySettingsForm group={group} settings={settings.data} readOnly={readOnly} />
        </SettingsSection>
      ))}
      <SettingsSection aria-labelledby="settings-receiving">
        <h2 id="settings-receiving">{t('agencySettings.receiving.heading')}</h2>
        <ReceivingAccountForm account={receiving.data.receivingAccount} readOnly={readOnly} />
      </SettingsSection>
      <FourEyesSettings role={role} />
      <SettingsSection aria-labelledby="settings-hosts">
        <h2 id="settings-hosts">{t('agencySettings.hosts.heading')}</h2>
        <p>{t('agencySettings.hosts.note')}</p>
        <AgencyHosts hosts={hosts} readOnly={readOnly} />
      </SettingsSection>
      <SettingsSection aria-labelledby="settings-withdrawals">
        <h2 id="settings-withdrawals">{t('agencySettings.withdrawals.heading')}</h2>
        <p>
          {t('agencySettings.withdrawals.current', {
            min: displayMoney(settings.data.withdrawals.minThb, 'THB'),
            max: displayMoney(settings.data.withdrawals.maxThb, 'THB'),
          })}{' '}
          {t('agencySettings.withdrawals.note')}
        </p>
        <AgencySettingsForm group="withdrawals" settings={settings.data} readOnly={readOnly} />
      </SettingsSection>
    </>
  );
}
