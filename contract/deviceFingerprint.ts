import type { Static } from 'typebox';
import type { DeviceFingerprintSchema } from './deviceFingerprintSchema';
// Kept apart from the yup schemas of players.ts so the site's first load can send the header without yup.

/** The device fingerprint payload a player's browser reports (DeviceFingerprintSchema). */
export type DeviceFingerprint = Static<typeof DeviceFingerprintSchema>;

/** The longest text each device field may carry; the site clips to it and the server refuses more. */
export const DEVICE_TEXT_MAX = {
  screen: 32,
  version: 32,
  timezone: 64,
  userAgent: 512,
  plugins: 2048,
  webGL: 256,
  platform: 64,
  fonts: 4096,
  languages: 256,
  vendor: 128,
} as const;

/** Visitor ids are fingerprintjs hashes: letters and digits only. */
export const VISITOR_ID_PATTERN = /^[A-Za-z0-9]{8,64}$/;
export const FINGERPRINT_HEADER = 'X-Fingerprint';
