import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { adminApi, operatorSessionLost } from '../../api/adminApi';

/** Why the login page is showing: the operator's own logout says nothing, the others are explained. */
export type SignOutReason = 'idle' | 'sessionLost';

const slice = createSlice({
  name: 'signOut',
  initialState: { reason: null as SignOutReason | null },
  reducers: {
    signedOut: (state, action: PayloadAction<SignOutReason | null>) => {
      state.reason = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(operatorSessionLost, (state) => {
      state.reason = 'sessionLost';
    });
  },
});

export const signOutReducer = slice.reducer;
export const { signedOut } = slice.actions;

/** Forgets the operator and every cached list, so the next operator on this machine starts clean. */
export const forgetOperator = () => adminApi.util.resetApiState();
