import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Switch } from 'wouter';
import styled from 'styled-components';
import { Button } from '../../../web/ui/Button';
import { DepositDetailView } from './DepositDetailView';
import { DepositSearch } from './DepositSearch';
import { UnmatchedPayments } from './UnmatchedPayments';

const Tabs = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-bottom: 16px;
`;

type Tab = 'search' | 'unmatched';

/** The deposit review: search and unmatched payments at /admin/deposits, one deposit at /admin/deposits/{code}. */
function DepositReview() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('search');
  return (
    <section>
      <h1>{t('deposits.heading')}</h1>
      <Tabs role="tablist">
        {(['search', 'unmatched'] as const).map((name) => (
          <Button
            key={name}
            role="tab"
            aria-selected={tab === name}
            $variant={tab === name ? 'primary' : 'secondary'}
            onClick={() => setTab(name)}
          >
            {t(`deposits.tabs.${name}`)}
          </Button>
        ))}
      </Tabs>
      {tab === 'search' ? <DepositSearch /> : <UnmatchedPayments />}
    </section>
  );
}

export function DepositsPage() {
  return (
    <Switch>
      <Route path="/:code">{(params) => <DepositDetailView code={params.code} />}</Route>
      <Route>
        <DepositReview />
      </Route>
    </Switch>
  );
}
