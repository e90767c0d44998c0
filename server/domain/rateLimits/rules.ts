const MINUTE = 60_000;

/**
 * Calls allowed per key within each window; beyond them the call answers 429 RATE_LIMITED. Logins
 * have limits of their own, which ask for growing waits instead (server/domain/loginLimits).
 */
export const RATE_LIMITS = {
  registerPerIp: { max: 10, windowMs: 60 * MINUTE },
  registerPerVisitor: { max: 5, windowMs: 60 * MINUTE },
  usernameCheckPerIp: { max: 60, windowMs: MINUTE },
  passwordChangePerPlayer: { max: 10, windowMs: 15 * MINUTE },
  fingerprint: { max: 20, windowMs: 60 * MINUTE },
} as const;
