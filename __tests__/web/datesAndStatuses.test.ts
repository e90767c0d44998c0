import moment from 'moment';
import 'moment/locale/lo';
import 'moment/locale/zh-cn';
import 'moment/locale/vi';
import 'moment/locale/th';
import { TRANSACTION_STATUSES } from '../../contract/status';
import { formatDate, formatDateTime } from '../../web/dates';
import { statusTone } from '../../web/ui/statusTone';

describe('dates', () => {
  it('shows the zero date 0001-01-01 as N/A, in every form the API may send it', () => {
    for (const zero of ['0001-01-01', '0001-01-01T00:00:00Z', '0001-01-01T00:00:00.000Z', '0001-01-01T00:00:00+07:00']) {
      expect(formatDateTime(zero)).toBe('N/A');
      expect(formatDate(zero)).toBe('N/A');
    }
  });

  it('shows a missing or unreadable date as N/A', () => {
    for (const missing of [null, undefined, '', 'yesterday', '2024-13-45T00:00:00']) expect(formatDateTime(missing)).toBe('N/A');
  });

  it('shows other dates as DD/MM/YYYY HH:mm:ss in local time', () => {
    expect(formatDateTime('2024-03-05T14:07:09')).toBe('05/03/2024 14:07:09');
    expect(formatDateTime('2024-12-31T23:59:59.999')).toBe('31/12/2024 23:59:59');
    expect(formatDateTime(new Date(2025, 0, 2, 3, 4, 5))).toBe('02/01/2025 03:04:05');
    expect(formatDate('2024-03-05T14:07:09')).toBe('05/03/2024');
  });

  it("turns an instant with a zone into the viewer's local time", () => {
    const instant = '2024-03-05T07:07:09Z';
    const local = new Date(instant);
    const pad = (n: number) => String(n).padStart(2, '0');
    const expected = `${pad(local.getDate())}/${pad(local.getMonth() + 1)}/${local.getFullYear()} ${pad(local.getHours())}:${pad(local.getMinutes())}:${pad(local.getSeconds())}`;
    expect(formatDateTime(instant)).toBe(expected);
  });

  it("reads the same in each language's moment locale, so the site loads none of them", () => {
    try {
      for (const locale of ['lo', 'zh-cn', 'vi', 'th']) {
        expect(moment.locale(locale)).toBe(locale);
        expect(formatDateTime('2024-03-05T14:07:09')).toBe('05/03/2024 14:07:09');
        expect(formatDate('2024-12-31T23:59:59')).toBe('31/12/2024');
      }
    } finally {
      moment.locale('en');
    }
  });
});

describe('status colours', () => {
  it('colours each transaction status by its meaning', () => {
    expect(Object.fromEntries(TRANSACTION_STATUSES.map((status) => [status, statusTone(status)]))).toEqual({
      OPEN: 'grey',
      CANCELED: 'red',
      PAID: 'yellow',
      SUCCESS: 'green',
      FAILED: 'red',
      REJECTED: 'red',
    });
  });

  it('shows any other status grey', () => {
    for (const other of ['PENDING', 'EXPIRED', 'open', '']) expect(statusTone(other)).toBe('grey');
  });
});
