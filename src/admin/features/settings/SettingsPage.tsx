import { useTranslation } from 'react-i18next';
import { displayAmount, displayMoney } from '../../../contract/format';
import { Notice } from '../../../ui/Notice';
import { Spinner } from '../../../ui/Spinner';
import { useGetOperatorQuery } from '../../api/operators';
import { useGetAgencySettingsQuery, useGetReceivingAccountQuery } from '../../api/settings';
import { FourEyesSettings } from '../../ui/FourEyesSettings';
import { AgencySettingsForm, type SettingsGroup } from './AgencySettingsForm';
import { ReceivingAccountForm } from './ReceivingAccountForm';
import { SettingsSection } from './SettingsSection';

const GROUPS: readonly SettingsGroup[] = ['agency', 'site', 'deposit'];

/**
 * The agency's settings: owners change its name, links, header numbers, deposit limits and
 * receiving account; hosts and the withdrawal limits (set in the environment) are shown only.
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
  const { withdrawals, hosts, deposit } = settings.data;
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
        <ul>
          {hosts.map((host) => (
            <li key={host}>{host}</li>
          ))}
        </ul>
        <p>{t('agencySettings.hosts.note')}</p>
      </SettingsSection>
      <SettingsSection aria-labelledby="settings-withdrawals">
        <h2 id="settings-withdrawals">{t('agencySettings.withdrawals.heading')}</h2>
        <dl>
          <dt>{t('agencySettings.withdrawals.min')}</dt>
          <dd>{displayMoney(withdrawals.minThb, 'THB')}</dd>
          <dt>{t('agencySettings.withdrawals.max')}</dt>
          <dd>{displayMoney(withdrawals.maxThb, 'THB')}</dd>
          <dt>{t('agencySettings.withdrawals.daily')}</dt>
          <dd>{displayAmount(withdrawals.dailyLimit, 0)}</dd>
          <dt>{t('agencySettings.withdrawals.autoApprove')}</dt>
          <dd>{displayMoney(withdrawals.autoApproveThb, 'THB')}</dd>
        </dl>
        <p>{t('agencySettings.withdrawals.note')}</p>
      </SettingsSection>
    </>
  );
}
