import { Type } from 'typebox';
import { DEVICE_TEXT_MAX as MAX, VISITOR_ID_PATTERN } from './deviceFingerprint';

// Apart from deviceFingerprint.ts so the site's first load, which only sends the header, takes no schema builder.

const text = (maxLength: number) => Type.String({ maxLength });
const count = Type.Union([Type.Number(), Type.Null()]);

/**
 * The device fingerprint payload: fingerprintjs components plus the browser's
 * own values. Every field is required; lists are comma-joined; numbers the browser does not tell are null.
 */
export const DeviceFingerprintSchema = Type.Object(
  {
    /** width x height of the screen, e.g. "1920x1080" */
    screen: Type.String({ maxLength: MAX.screen, pattern: '^(\\d{1,6}x\\d{1,6})?$' }),
    /** fingerprintjs algorithm version */
    version: text(MAX.version),
    timezone: text(MAX.timezone),
    userAgent: text(MAX.userAgent),
    plugins: text(MAX.plugins),
    webGL: Type.Object(
      {
        version: text(MAX.webGL),
        vendor: text(MAX.webGL),
        vendorUnmasked: text(MAX.webGL),
        renderer: text(MAX.webGL),
        rendererUnmasked: text(MAX.webGL),
        shadingLanguageVersion: text(MAX.webGL),
      },
      { additionalProperties: false },
    ),
    audio: count,
    platform: text(MAX.platform),
    /** the fingerprintjs visitor id */
    fingerprint: Type.String({ pattern: VISITOR_ID_PATTERN.source }),
    memory: count,
    fonts: text(MAX.fonts),
    languages: text(MAX.languages),
    hardwareConcurrency: count,
    vendor: text(MAX.vendor),
  },
  { additionalProperties: false },
);
