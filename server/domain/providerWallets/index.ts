export {
  providerFailure,
  withProvider,
  ensureMember,
  readCredit,
  sendCreditToProvider,
  takeCreditFromProvider,
  type WalletDeps,
  type PlayerAtProvider,
  type ProviderTransferResult,
  type ProviderTransferRequest,
} from './wallets';
export { listGames, launchGame } from './games';
