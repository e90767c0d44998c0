import type { BackendModule, ReadCallback, ResourceLanguage, Services } from 'i18next';
import HttpBackend, { type HttpBackendOptions } from 'i18next-http-backend';
import { isLanguage, type Language } from '../contract/languages';

/** Chinese and Vietnamese are built in (SPEC.md section 7), each in a chunk of its own. */
const BUILT_IN_CHUNKS: Partial<Record<Language, () => Promise<ResourceLanguage>>> = {
  cn: () => import(/* webpackChunkName: "i18n-cn" */ './cn').then((module) => module.cnResources),
  vn: () => import(/* webpackChunkName: "i18n-vn" */ './vn').then((module) => module.vnResources),
};

/**
 * Where the translations beyond the bundled Lao come from. Chinese and Vietnamese ship in the build
 * but load only when chosen, so the first load of a page in Lao (the default) does not carry them;
 * Thai is read from /locales/th/{ns}.json by the HTTP backend.
 */
export class TranslationBackend implements BackendModule<HttpBackendOptions> {
  static readonly type = 'backend';
  readonly type = 'backend';
  readonly callbackApi = true;
  private readonly http = new HttpBackend();

  init(services: Services, backendOptions: HttpBackendOptions) {
    this.http.init(services, backendOptions);
  }

  read(language: string, namespace: string, callback: ReadCallback) {
    const builtIn = isLanguage(language) ? BUILT_IN_CHUNKS[language] : undefined;
    if (!builtIn) {
      this.http.read(language, namespace, callback);
      return;
    }
    builtIn().then(
      (resources) => callback(null, resources[namespace] ?? {}),
      (error: Error) => callback(error, false),
    );
  }
}
