import { createSlice } from '@reduxjs/toolkit';
import { agencyApi } from '../api/agency';

/** The agency this site runs for, loaded first by the root layout; later calls use its id. */
export const agencySlice = createSlice({
  name: 'agency',
  initialState: { id: null as string | null },
  reducers: {},
  extraReducers: (builder) => {
    builder.addMatcher(agencyApi.endpoints.getAgency.matchFulfilled, (state, { payload }) => {
      state.id = payload.agency.id;
    });
  },
  selectors: { selectAgencyId: (state) => state.id },
});

export const { selectAgencyId } = agencySlice.selectors;
