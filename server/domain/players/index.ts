export { isUsernameAvailable, isBlocked, type PlayerInfo } from './repository';
export { registerPlayer, authenticate, playerInfo, changePassword, type Registration } from './service';
export { SESSION_COOKIE, tokenHash, createSession, findSession, endSession, revokeOtherSessions, type SessionPlayer } from './sessions';
export { hashPassword, verifyPassword, decoyPasswordHash } from './passwords';
export { recordFingerprint, accountsSharingDevices, type FingerprintReport, type SharedDevice } from './fingerprints';
export { bankAccountsOf, addBankAccount } from './bankAccounts';
