import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { apiListeners, baseApi, type ApiTransport } from '../api/baseApi';

const rootReducer = combineSlices(baseApi);

/**
 * The browser's store, or (given a transport) the server renderer's, whose calls the server
 * answers in-process and which never listens to a window.
 */
export function makeStore(transport?: ApiTransport) {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: transport } })
        .prepend(apiListeners.middleware)
        .concat(baseApi.middleware),
  });
  // Refetch on window focus and on reconnect.
  if (!transport) setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppState = ReturnType<AppStore['getState']>;
