export { isUsernameAvailable, registerPlayer, authenticate, endSession, playerInfo, changePassword, isBlocked, type Registration, type PlayerInfo } from './service';
export { SESSION_COOKIE, tokenHash, createSession, findSession, revokeOtherSessions, type SessionPlayer } from './sessions';
export { hashPassword, verifyPassword, decoyPasswordHash } from './passwords';
export { recordFingerprint, accountsSharingDevices, type FingerprintReport, type SharedDevice } from './fingerprints';
export { bankAccountsOf, addBankAccount } from './bankAccounts';
