import { load, type Agent, type GetResult } from '@fingerprintjs/fingerprintjs';
import { DEVICE_TEXT_MAX, type DeviceFingerprint } from '../../../contract/deviceFingerprint';

type Components = GetResult['components'];
type ComponentValue<K extends keyof Components> = Components[K] extends { value: infer V } | { error: unknown } ? V : never;

function valueOf<K extends keyof Components>(components: Components, key: K): ComponentValue<K> | undefined {
  const component = components[key] as { value?: ComponentValue<K> } | undefined;
  return component && 'value' in component ? component.value : undefined;
}

const clip = (text: string, max: number) => text.slice(0, max);
const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** What the browser tells about itself directly, next to the fingerprintjs components. */
export interface BrowserValues {
  screen: { width: number; height: number };
  userAgent: string;
  languages: readonly string[];
  platform: string;
  vendor: string;
  hardwareConcurrency: number | undefined;
}

function browserValues(): BrowserValues {
  return {
    screen: { width: window.screen.width, height: window.screen.height },
    userAgent: navigator.userAgent,
    languages: navigator.languages ?? [navigator.language],
    platform: navigator.platform,
    vendor: navigator.vendor,
    hardwareConcurrency: navigator.hardwareConcurrency,
  };
}

/** The device fingerprint payload from a fingerprintjs result and the browser's own values. */
export function toDeviceFingerprint(result: GetResult, browser: BrowserValues): DeviceFingerprint {
  const { components } = result;
  const webGl = valueOf(components, 'webGlBasics');
  const gl = typeof webGl === 'object' ? webGl : undefined;
  const webGlText = (text: string | undefined) => clip(text ?? '', DEVICE_TEXT_MAX.webGL);
  const screen =
    browser.screen.width && browser.screen.height ? `${Math.round(browser.screen.width)}x${Math.round(browser.screen.height)}` : '';
  return {
    screen,
    version: clip(result.version, DEVICE_TEXT_MAX.version),
    timezone: clip(valueOf(components, 'timezone') ?? '', DEVICE_TEXT_MAX.timezone),
    userAgent: clip(browser.userAgent, DEVICE_TEXT_MAX.userAgent),
    plugins: clip((valueOf(components, 'plugins') ?? []).map((plugin) => plugin.name).join(','), DEVICE_TEXT_MAX.plugins),
    webGL: {
      version: webGlText(gl?.version),
      vendor: webGlText(gl?.vendor),
      vendorUnmasked: webGlText(gl?.vendorUnmasked),
      renderer: webGlText(gl?.renderer),
      rendererUnmasked: webGlText(gl?.rendererUnmasked),
      shadingLanguageVersion: webGlText(gl?.shadingLanguageVersion),
    },
    audio: numberOrNull(valueOf(components, 'audio')),
    platform: clip(valueOf(components, 'platform') ?? browser.platform, DEVICE_TEXT_MAX.platform),
    fingerprint: result.visitorId,
    memory: numberOrNull(valueOf(components, 'deviceMemory')),
    fonts: clip((valueOf(components, 'fonts') ?? []).join(','), DEVICE_TEXT_MAX.fonts),
    languages: clip(browser.languages.join(','), DEVICE_TEXT_MAX.languages),
    hardwareConcurrency: numberOrNull(valueOf(components, 'hardwareConcurrency') ?? browser.hardwareConcurrency),
    vendor: clip(valueOf(components, 'vendor') ?? browser.vendor, DEVICE_TEXT_MAX.vendor),
  };
}

let agent: Promise<Agent> | undefined;

/** This device's fingerprint; the fingerprintjs agent loads once, without its usage statistics call. */
export async function collectDeviceFingerprint(): Promise<DeviceFingerprint> {
  agent ??= load({ monitoring: false });
  const result = await (await agent).get();
  return toDeviceFingerprint(result, browserValues());
}
