import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { baseApi } from './baseApi';
import { PROVIDERS, type Provider } from '../../contract/providers';
import type { CreditResponse } from '../../contract/credits';

const creditQuery = (provider: Provider) => ({
  query: () => `/v2/players/credits/${provider}`,
  providesTags: [{ type: 'Credit' as const, id: provider }],
  // Credit changes at the provider (play, deposits, withdrawals): an unused entry is dropped at once.
  keepUnusedDataFor: 0,
});

/** One endpoint per provider credit, each with tag {type: 'Credit', id: provider}. */
export const creditsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAlphabetCredit: build.query<CreditResponse, void>(creditQuery('alphabet')),
    getAskmebetCredit: build.query<CreditResponse, void>(creditQuery('askmebet')),
    getBetflixCredit: build.query<CreditResponse, void>(creditQuery('betflix')),
    getGclubCredit: build.query<CreditResponse, void>(creditQuery('gclub')),
    getGclubLiveCredit: build.query<CreditResponse, void>(creditQuery('gclub_live')),
  }),
});

export const {
  useGetAlphabetCreditQuery,
  useGetAskmebetCreditQuery,
  useGetBetflixCreditQuery,
  useGetGclubCreditQuery,
  useGetGclubLiveCreditQuery,
} = creditsApi;

const CREDIT_QUERIES: Record<Provider, typeof useGetAlphabetCreditQuery> = {
  alphabet: useGetAlphabetCreditQuery,
  askmebet: useGetAskmebetCreditQuery,
  betflix: useGetBetflixCreditQuery,
  gclub: useGetGclubCreditQuery,
  gclub_live: useGetGclubLiveCreditQuery,
};

/**
 * A provider's credit, fetched again every time a component asks for it: credit queries are
 * always stale. Keep `provider` fixed for a component's life (key it).
 */
export function useProviderCredit(provider: Provider) {
  return CREDIT_QUERIES[provider](undefined, { refetchOnMountOrArgChange: true });
}

/** The credit at all five providers at once (a page that shows them all, with their total). */
export function useAllCredits(): Record<Provider, ReturnType<typeof useProviderCredit>> {
  return {
    alphabet: useProviderCredit('alphabet'),
    askmebet: useProviderCredit('askmebet'),
    betflix: useProviderCredit('betflix'),
    gclub: useProviderCredit('gclub'),
    gclub_live: useProviderCredit('gclub_live'),
  };
}

/** Refreshes the credits: all five are invalidated, so every credit on screen is fetched again. */
export function useRefreshCredits(): () => void {
  const dispatch = useDispatch();
  return useCallback(() => {
    dispatch(baseApi.util.invalidateTags(PROVIDERS.map((id) => ({ type: 'Credit' as const, id }))));
  }, [dispatch]);
}
