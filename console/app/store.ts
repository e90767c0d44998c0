import { configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { adminApi } from '../api/adminApi';
import { signOutReducer } from '../features/auth/signOut';

/** The console's store: its API cache and why the operator was last signed out. */
export function makeAdminStore() {
  const store = configureStore({
    reducer: { [adminApi.reducerPath]: adminApi.reducer, signOut: signOutReducer },
    middleware: (getDefault) => getDefault().concat(adminApi.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AdminStore = ReturnType<typeof makeAdminStore>;
export type AdminState = ReturnType<AdminStore['getState']>;
