import type { DeviceFingerprint } from '../../contract/players';

/** A device fingerprint payload as a desktop Chromium would send it, with its own visitor id. */
export function testDevice(visitorId = 'a1b2c3d4e5f60718293a4b5c6d7e8f90', overrides: Partial<DeviceFingerprint> = {}): DeviceFingerprint {
  return {
    screen: '1920x1080',
    version: '5.2.0',
    timezone: 'Asia/Vientiane',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
    plugins: 'PDF Viewer,Chrome PDF Viewer',
    webGL: {
      version: 'WebGL 1.0 (OpenGL ES 2.0 Chromium)',
      vendor: 'WebKit',
      vendorUnmasked: 'Google Inc. (Intel)',
      renderer: 'WebKit WebGL',
      rendererUnmasked: 'ANGLE (Intel, Mesa Intel(R) UHD Graphics 620)',
      shadingLanguageVersion: 'WebGL GLSL ES 1.0 (OpenGL ES GLSL ES 1.0 Chromium)',
    },
    audio: 124.04347527516074,
    platform: 'Linux x86_64',
    fingerprint: visitorId,
    memory: 8,
    fonts: 'Arial,Noto Sans Lao',
    languages: 'lo,en-US',
    hardwareConcurrency: 8,
    vendor: 'Google Inc.',
    ...overrides,
  };
}
