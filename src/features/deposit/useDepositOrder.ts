import { useEffect, useMemo, useRef } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { depositOrderMachine } from '../../../machines/depositOrder.machine';
import { useCancelDepositMutation, useCheckDepositMutation, useCreateDepositMutation, useGetOpenDepositsQuery } from '../../api/deposits';
import { useIdempotencyKey } from '../../api/idempotency';
import type { DepositOrder, DepositRequest } from '../../contract/deposits';
import { inspect } from '../../devtools/inspect';

/**
 * The deposit page's order machine with its calls to the API, resumed with the player's open
 * order once the server has said which one that is.
 */
export function useDepositOrder() {
  const open = useGetOpenDepositsQuery();
  const [createDeposit] = useCreateDepositMutation();
  const [checkDeposit] = useCheckDepositMutation();
  const [cancelDeposit] = useCancelDepositMutation();
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
        },
      }),
    [createDeposit, checkDeposit, cancelDeposit, withIdempotencyKey],
  );
  const [state, send] = useMachine(machine, { inspect });
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current || !open.data) return;
    resumed.current = true;
    if (open.data[0]) send({ type: 'order.resume', order: open.data[0] });
  }, [open.data, send]);
  return { state, send, openLoaded: Boolean(open.data) };
}
