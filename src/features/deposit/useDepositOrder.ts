import { useEffect, useMemo, useRef } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { depositOrderMachine, depositStageOf } from '../../../machines/depositOrder.machine';
import {
  useCancelDepositMutation,
  useCheckDepositMutation,
  useCreateDepositMutation,
  useGetOpenDepositsQuery,
  useLazyGetDepositQuery,
} from '../../api/deposits';
import { useIdempotencyKey } from '../../api/idempotency';
import type { DepositOrder, DepositRequest } from '../../contract/deposits';
import { inspect } from '../../devtools/inspect';

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

  const machine = useMemo(
    () =>
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
    [createDeposit, checkDeposit, cancelDeposit, readDeposit, withIdempotencyKey],
  );
  const [state, send] = useMachine(machine, { inspect });
  usePageVisibility(send);
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current || !open.data) return;
    resumed.current = true;
    if (open.data[0]) send({ type: 'order.resume', order: open.data[0] });
  }, [open.data, send]);
  return { state, stage: depositStageOf(state.value), send, openLoaded: Boolean(open.data) };
}
