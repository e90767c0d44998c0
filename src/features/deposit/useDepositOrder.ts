import { useEffect, useRef } from 'react';
import type { StateValue } from 'xstate';
import type { depositOrderMachine } from '../../../machines/depositOrder.machine';
import {
  useCancelDepositMutation,
  useCheckDepositMutation,
  useCreateDepositMutation,
  useGetOpenDepositsQuery,
  useLazyGetDepositQuery,
} from '../../api/deposits';
import { useIdempotencyKey } from '../../../web/api/idempotency';
import type { DepositOrder, DepositRequest } from '../../../contract/deposits';
import { inspect } from '../../devtools/inspect';
import { useLazyMachine, type MachineView } from '../../ui/useLazyMachine';

/** The state the order machine starts in: the deposit form, no order yet. */
export const DEPOSIT_FORM: MachineView<typeof depositOrderMachine> = {
  value: 'idle',
  context: { order: null, errorCode: null, errorParams: null, polls: 0, pageHidden: false },
  tags: new Set(['form']),
};

/** The machine's top-level state: what the page shows (how an open order is being read is inside it). */
export function depositStageOf(value: StateValue): string {
  return typeof value === 'string' ? value : Object.keys(value)[0];
}

/** Tells the machine when the tab is hidden (no polling) and when it is shown or focused again. */
function usePageVisibility(send: (event: { type: 'page.hidden' } | { type: 'page.visible' }) => void) {
  useEffect(() => {
    const onVisibilityChange = () => send({ type: document.visibilityState === 'hidden' ? 'page.hidden' : 'page.visible' });
    const onFocus = () => send({ type: 'page.visible' });
    onVisibilityChange();
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('focus', onFocus);
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('focus', onFocus);
    };
  }, [send]);
}

/**
 * The deposit page's order machine with its calls to the API, resumed with the player's open
 * order once the server has said which one that is.
 */
export function useDepositOrder() {
  const open = useGetOpenDepositsQuery();
  const [createDeposit] = useCreateDepositMutation();
  const [checkDeposit] = useCheckDepositMutation();
  const [cancelDeposit] = useCancelDepositMutation();
  const [readDeposit] = useLazyGetDepositQuery();
  const withIdempotencyKey = useIdempotencyKey<DepositRequest>();

  // XState and the machine load after the page has drawn and hydrated its form: they are not part
  // of what the page needs first. A tap or an open order that comes sooner waits for them.
  const [state, send] = useLazyMachine(
    () =>
      Promise.all([
        import(/* webpackChunkName: "deposit-machine" */ '../../../machines/depositOrder.machine'),
        import(/* webpackChunkName: "xstate" */ 'xstate'),
      ]).then(([{ depositOrderMachine }, { fromPromise }]) =>
        depositOrderMachine.provide({
          actors: {
            createOrder: fromPromise<DepositOrder, DepositRequest>(({ input }) =>
              withIdempotencyKey(
                input,
                async (request, idempotencyKey) => (await createDeposit({ ...request, idempotencyKey }).unwrap()).order,
              ),
            ),
            checkOrder: fromPromise<DepositOrder, string>(({ input }) => checkDeposit(input).unwrap()),
            cancelOrder: fromPromise<DepositOrder, string>(({ input }) => cancelDeposit(input).unwrap()),
            pollOrder: fromPromise<DepositOrder, string>(({ input }) => readDeposit(input).unwrap()),
          },
        }),
      ),
    DEPOSIT_FORM,
    { inspect },
  );
  usePageVisibility(send);
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current || !open.data) return;
    resumed.current = true;
    if (open.data[0]) send({ type: 'order.resume', order: open.data[0] });
  }, [open.data, send]);
  return { state, stage: depositStageOf(state.value), send, openLoaded: Boolean(open.data) };
}
