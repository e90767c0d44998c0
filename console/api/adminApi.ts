import { createAction } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query/react';
import { callingBaseQuery, jsonQuery } from '../../web/api/baseQuery';

/** The operator's session is gone (expired or logged out elsewhere): the console shows its login. */
export const operatorSessionLost = createAction('adminApi/operatorSessionLost');

/** Calls whose 401 is an answer ("nobody is signed in" or "wrong password"), not a lost session. */
const ANSWERS_401 = new Set(['getOperator', 'loginOperator']);

// Absolute, so the same code runs in the browser and under Node's fetch in tests.
const rawBaseQuery = jsonQuery(new URL('/api/v2/admin', window.location.href).href);

const baseQuery = callingBaseQuery(() => rawBaseQuery, { answers401: ANSWERS_401, sessionLost: operatorSessionLost });

/**
 * The console's own RTK Query API on /api/v2/admin, apart from the players' so neither bundle
 * carries the other; each resource adds its endpoints with injectEndpoints in its own file.
 */
export const adminApi = createApi({
  reducerPath: 'adminApi',
  baseQuery,
  tagTypes: [
    'Operator',
    'Withdrawal',
    'Deposit',
    'Report',
    'Rate',
    'OperatorAccount',
    'OperatorSession',
    'AuditLog',
    'Promotion',
    'BonusPool',
  ],
  refetchOnFocus: true,
  endpoints: () => ({}),
});
