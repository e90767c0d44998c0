/**
 * The agency's contact channels, in the order the site shows them (the keys of AgencySocial).
 * Apart from agency.ts so that the top bar, on every first load, carries no schema builder.
 */
export const SOCIAL_NETWORKS = ['whatsapp', 'line', 'facebook', 'telegram', 'twitter'] as const;
