import { act, renderHook, waitFor } from '@testing-library/react';
import { createActor } from 'xstate';
import { depositOrderMachine } from '../../machines/depositOrder.machine';
import type { DepositOrder } from '../../contract/deposits';
import { DEPOSIT_FORM, depositStageOf } from '../../src/features/deposit/useDepositOrder';
import { useLazyMachine } from '../../src/ui/useLazyMachine';

const OPEN_ORDER: DepositOrder = {
  code: 'D250601LOADING1',
  provider: 'askmebet',
  amount: '100000',
  credit: '156.25',
  rate: '640',
  status: 'OPEN',
  createdAt: '2025-06-01T00:00:00.000Z',
  expiresAt: '2025-06-01T00:15:00.000Z',
  paidAt: null,
  promoCredit: null,
  creditedTotal: null,
};

describe('the deposit page before its order machine has loaded', () => {
  it('draws the state the machine starts in', () => {
    const start = createActor(depositOrderMachine).getSnapshot();
    expect(DEPOSIT_FORM).toEqual({ value: start.value, context: start.context, tags: start.tags });
  });

  it('keeps the events sent meanwhile and hands them to the machine once it is in, in order', async () => {
    let machineLoaded: (machine: typeof depositOrderMachine) => void = () => undefined;
    const loading = new Promise<typeof depositOrderMachine>((resolve) => {
      machineLoaded = resolve;
    });
    const { result } = renderHook(() => useLazyMachine(() => loading, DEPOSIT_FORM));

    act(() => {
      const [, send] = result.current;
      send({ type: 'page.hidden' });
      send({ type: 'order.resume', order: OPEN_ORDER });
    });
    expect(result.current[0]).toBe(DEPOSIT_FORM);

    await act(async () => machineLoaded(depositOrderMachine));
    await waitFor(() => expect(depositStageOf(result.current[0].value)).toBe('open'));
    const [view] = result.current;
    expect(view.context).toMatchObject({ order: OPEN_ORDER, pageHidden: true });
    expect(view.tags.has('order')).toBe(true);
    expect(view.tags.has('form')).toBe(false);
  });
});
