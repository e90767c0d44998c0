import type { BackendModule, ReadCallback, ResourceLanguage, Services } from 'i18next';
import type { default as HttpBackend, HttpBackendOptions } from 'i18next-http-backend';
import { isLanguage, type Language } from '../../contract/languages';

/** Lao, Chinese and Vietnamese are built in, each in a chunk of its own. */
const BUILT_IN_CHUNKS: Partial<Record<Language, () => Promise<ResourceLanguage>>> = {
  lo: () => import(/* webpackChunkName: "i18n-lo" */ './resources').then((module) => module.loResources),
  cn: () => import(/* webpackChunkName: "i18n-cn" */ './cn').then((module) => module.cnResources),
  vn: () => import(/* webpackChunkName: "i18n-vn" */ './vn').then((module) => module.vnResources),
};

/**
 * Where the translations come from beyond those the server's page brought along (the namespaces it
 * rendered, in its language). Lao, Chinese and Vietnamese ship in the build but each loads only when
 * needed, so the first bundle carries none of them; Thai is read from /locales/th/{ns}.json by the
 * HTTP backend, which itself loads only when a page first asks for Thai.
 */
export class TranslationBackend implements BackendModule<HttpBackendOptions> {
  static readonly type = 'backend';
  readonly type = 'backend';
  readonly callbackApi = true;
  private http?: Promise<HttpBackend>;
  private loadHttp: () => Promise<HttpBackend> = () => Promise.reject(new Error('the translation backend was never initialised'));

  init(services: Services, backendOptions: HttpBackendOptions) {
    this.loadHttp = () =>
      import(/* webpackChunkName: "i18n-http" */ 'i18next-http-backend').then(({ default: HttpBackendClass }) => {
        const http = new HttpBackendClass();
        http.init(services, backendOptions);
        return http;
      });
  }

  read(language: string, namespace: string, callback: ReadCallback) {
    const builtIn = isLanguage(language) ? BUILT_IN_CHUNKS[language] : undefined;
    if (!builtIn) {
      (this.http ??= this.loadHttp()).then(
        (http) => http.read(language, namespace, callback),
        (error: Error) => callback(error, false),
      );
      return;
    }
    builtIn().then(
      (resources) => callback(null, resources[namespace] ?? {}),
      (error: Error) => callback(error, false),
    );
  }
}
