import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { useTheme } from 'styled-components';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { RATE_CURRENCIES, type RateCurrency } from '../../../contract/money';
import { displayAmount } from '../../../contract/format';
import { Notice } from '../../../web/ui/Notice';
import { Select } from '../../../web/ui/Select';
import { Spinner } from '../../../web/ui/Spinner';
import { useGetOperatorQuery } from '../../api/operators';
import { useGetRatesQuery } from '../../api/rates';
import { ConsoleTable, TableScroller } from '../../ui/ConsoleTable';
import { vientianeTime } from '../../ui/vientianeTime';
import { RateForm } from './RateForm';

const ChartBox = styled.div`
  width: 100%;
  height: 300px;
  margin-bottom: 24px;
`;

const ChartPicker = styled.div`
  max-width: 240px;
`;

/** A rate in the Lao number format with the decimals it has ("21950.5" → "21.950,5"). */
const displayRate = (rate: string) => displayAmount(rate, rate.split('.')[1]?.length ?? 0);

/** The THB and USD rates in force, a chart of their history, and (owners) the form that sets them. */
export function RatesPage() {
  const { t } = useTranslation();
  const { colors } = useTheme();
  const rates = useGetRatesQuery();
  const operator = useGetOperatorQuery();
  const [charted, setCharted] = useState<RateCurrency>('THB');
  const history = useMemo(() => {
    const changes = [...(rates.data?.rates.find((rate) => rate.currency === charted)?.history ?? [])].reverse();
    const points = changes.map((rate) => ({ at: Date.parse(rate.effectiveAt), buy: Number(rate.buy), sell: Number(rate.sell) }));
    // The rate in force holds until the page read it: the last step runs to the chart's right edge.
    const last = points.at(-1);
    return last ? [...points, { ...last, at: Math.max(rates.fulfilledTimeStamp ?? last.at, last.at) }] : points;
  }, [rates.data, rates.fulfilledTimeStamp, charted]);
  if (rates.isLoading) return <Spinner />;
  if (!rates.data) return <Notice $tone="danger">{t('reports.loadFailed')}</Notice>;
  return (
    <section>
      <h1>{t('reports.rates.heading')}</h1>
      <TableScroller>
        <ConsoleTable aria-label={t('reports.rates.current')}>
          <thead>
            <tr>
              <th>{t('reports.rates.currency')}</th>
              <th className="amount">{t('reports.rates.buy')}</th>
              <th className="amount">{t('reports.rates.sell')}</th>
              <th className="amount">{t('reports.rates.mid')}</th>
              <th>{t('reports.rates.since')}</th>
            </tr>
          </thead>
          <tbody>
            {rates.data.rates.map(({ currency, current }) => (
              <tr key={currency}>
                <td>{currency}/LAK</td>
                <td className="amount">{current ? displayRate(current.buy) : t('reports.rates.none')}</td>
                <td className="amount">{current ? displayRate(current.sell) : t('reports.rates.none')}</td>
                <td className="amount">{current ? displayRate(current.mid) : t('reports.rates.none')}</td>
                <td>{current ? `${vientianeTime.format(new Date(current.effectiveAt))} · ${current.changedBy}` : ''}</td>
              </tr>
            ))}
          </tbody>
        </ConsoleTable>
      </TableScroller>
      <h2>{t('reports.rates.history')}</h2>
      <ChartPicker>
        <Select
          label={t('reports.rates.currency')}
          options={RATE_CURRENCIES.map((currency) => ({ value: currency, label: currency }))}
          value={charted}
          onChange={(event) => setCharted(event.target.value as RateCurrency)}
        />
      </ChartPicker>
      <ChartBox>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={history}>
            <CartesianGrid strokeDasharray="3 3" stroke={colors.border} />
            <XAxis
              dataKey="at"
              type="number"
              // The first change to the page's read exactly: a rounded-out axis would leave the lines short of its ends.
              domain={history.length > 0 ? [history[0].at, history[history.length - 1].at] : ['auto', 'auto']}
              allowDataOverflow
              stroke={colors.textMuted}
              tickFormatter={(at: number) => vientianeTime.format(new Date(at))}
            />
            <YAxis stroke={colors.textMuted} domain={['auto', 'auto']} width={80} />
            <Tooltip labelFormatter={(at) => vientianeTime.format(new Date(Number(at)))} />
            <Legend />
            <Line type="stepAfter" dataKey="buy" name={t('reports.rates.buy')} stroke={colors.success} dot={false} />
            <Line type="stepAfter" dataKey="sell" name={t('reports.rates.sell')} stroke={colors.primary} dot={false} />
          </LineChart>
        </ResponsiveContainer>
      </ChartBox>
      {operator.data?.role === 'owner' ? <RateForm rates={rates.data.rates} /> : <Notice>{t('reports.rates.ownersOnly')}</Notice>}
    </section>
  );
}
