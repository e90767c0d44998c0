// Rate limits: how many calls each key may make in its window, counted in PostgreSQL so every
// process enforces one limit (the route helper is server/routes/rateLimits.ts).
export { RATE_LIMITS } from './rules';
export { countHit, deleteEndedRateLimits, type RateLimitCount } from './repository';
export { postgresRateLimitStore } from './store';
