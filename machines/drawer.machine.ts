import { setup } from 'xstate';

/**
 * The left drawer: closed or open. The menu button opens it; Escape,
 * the close button, the backdrop and choosing any entry close it.
 */
export const drawerMachine = setup({
  types: {
    events: {} as { type: 'drawer.open' } | { type: 'drawer.close' } | { type: 'drawer.chooseEntry' },
  },
}).createMachine({
  id: 'drawer',
  initial: 'closed',
  states: {
    closed: {
      on: { 'drawer.open': 'open' },
    },
    open: {
      on: {
        'drawer.close': 'closed',
        'drawer.chooseEntry': 'closed',
      },
    },
  },
});
