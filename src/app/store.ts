import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { apiListeners, baseApi } from '../api/baseApi';

const rootReducer = combineSlices(baseApi);

export function makeStore() {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().prepend(apiListeners.middleware).concat(baseApi.middleware),
  });
  // Refetch on window focus and on reconnect.
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
