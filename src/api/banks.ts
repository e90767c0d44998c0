import { baseApi } from './baseApi';
import { ErrorCode } from '../../contract/errors';
import type { Bank } from '../../contract/banks';
import type { BankAccountRequest, BankAccountResponse, BankAccountsResponse } from '../../contract/bankAccounts';
import type { ExchangeRate } from '../../contract/exchangeRates';

/** Banks, the player's bank accounts, and the agency's exchange rates. */
export const banksApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBanks: build.query<Bank[], void>({
      query: () => '/v2/banks',
      transformResponse: (response: { banks: Bank[] }) => response.banks,
    }),
    getBankAccounts: build.query<BankAccountsResponse, void>({
      query: () => '/v2/players/bank-accounts',
      providesTags: ['BankAccount'],
    }),
    addBankAccount: build.mutation<BankAccountResponse, BankAccountRequest>({
      query: (body) => ({ url: '/v2/players/bank-accounts', method: 'POST', body }),
      // players/info lists the accounts too. BANK_ACCOUNT_EXISTS means the cached list is stale.
      invalidatesTags: (result, error) => (result || error?.code === ErrorCode.BANK_ACCOUNT_EXISTS ? ['BankAccount', 'Player'] : []),
    }),
    getExchangeRates: build.query<ExchangeRate[], void>({
      query: () => '/v2/exchange-rates',
      providesTags: ['ExchangeRate'],
    }),
  }),
});

export const { useGetBanksQuery, useGetBankAccountsQuery, useAddBankAccountMutation, useGetExchangeRatesQuery } = banksApi;
