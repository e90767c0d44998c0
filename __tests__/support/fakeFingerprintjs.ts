import type { GetResult } from '@fingerprintjs/fingerprintjs';

/**
 * Stands in for @fingerprintjs/fingerprintjs under jsdom, which lacks the canvas, audio and
 * MessageChannel the real agent needs (the browser suite runs the real one in Chromium). The web
 * and machines projects map the package to this file (moduleNameMapper in jest.config.ts).
 */
export const FAKE_VISITOR_ID = 'f00dfacecafe4b1d9e8a7c6b5a4f3e2d';

const value = <T>(v: T) => ({ value: v, duration: 1 });

export const fakeResult = {
  visitorId: FAKE_VISITOR_ID,
  confidence: { score: 0.5 },
  version: '5.2.0',
  components: {
    timezone: value('Asia/Vientiane'),
    plugins: value([
      { name: 'PDF Viewer', description: 'Portable Document Format', mimeTypes: [] },
      { name: 'Chrome PDF Viewer', description: 'Portable Document Format', mimeTypes: [] },
    ]),
    webGlBasics: value({
      version: 'WebGL 1.0',
      vendor: 'WebKit',
      vendorUnmasked: 'Google Inc.',
      renderer: 'WebKit WebGL',
      rendererUnmasked: 'ANGLE (SwiftShader)',
      shadingLanguageVersion: 'WebGL GLSL ES 1.0',
    }),
    audio: value(124.04),
    platform: value('Linux x86_64'),
    deviceMemory: value(8),
    fonts: value(['Arial', 'Noto Sans Lao']),
    hardwareConcurrency: value(4),
    vendor: value('Google Inc.'),
  },
} as unknown as GetResult;

export const load = async () => ({ get: async () => fakeResult });
