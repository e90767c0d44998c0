import { setup } from 'xstate';

/**
 * The left drawer (SPEC.md sections 2 and 4): closed or open. The menu button opens it; Escape,
 * the close button, the backdrop and choosing any entry close it.
 */
export const drawerMachine = setup({
  types: {
    events: {} as { type: 'OPEN' } | { type: 'CLOSE' } | { type: 'CHOOSE_ENTRY' },
  },
}).createMachine({
  id: 'drawer',
  initial: 'closed',
  states: {
    closed: {
      on: { OPEN: 'open' },
    },
    open: {
      on: {
        CLOSE: 'closed',
        CHOOSE_ENTRY: 'closed',
      },
    },
  },
});

export type DrawerEvent = Parameters<typeof drawerMachine.transition>[1];
