export { isUsernameAvailable, isBlocked, lockPlayer, type PlayerRef } from './repository';
export { registerPlayer, authenticate, changePassword, type Registration } from './service';
export { SESSION_COOKIE, tokenHash, createSession, findSession, endSession, type SessionPlayer } from './sessions';
export {
  recordFingerprint,
  accountsSharingDevices,
  sharedDevices,
  type AccountOnSharedDevice,
  type FingerprintReport,
  type SharedDevice,
} from './fingerprints';
export { bankAccountsOf, addBankAccount } from './bankAccounts';
export { setBacklisted, suspendPlayer, restorePlayer, changeBankAccount, resetPassword } from './operatorActions';
export { searchPlayers, playerStanding, sessionsOf, devicesOf, linkedPlayersOf } from './operatorViews';
