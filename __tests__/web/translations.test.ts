import fs from 'node:fs';
import path from 'node:path';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NAMESPACES } from '../../src/i18n/namespaces';
import { ALL_RESOURCES } from '../../src/i18n/allResources';
import { LANGUAGES } from '../../contract/languages';
import { initI18n } from '../../src/i18n';
import { renderApp } from '../support/renderApp';
import { mockShellApi, type SessionReply } from '../support/shell';

// Each test renders the whole site on two cores shared with other test runs: give it room.
configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(60_000);

const LOCALES = path.join(__dirname, '..', '..', 'public', 'locales');
type Tree = { [key: string]: string | Tree };

const read = (language: string, namespace: string): Tree =>
  JSON.parse(fs.readFileSync(path.join(LOCALES, language, `${namespace}.json`), 'utf8'));
const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.entries(tree).reduce<Record<string, string>>(
    (flat, [key, value]) => Object.assign(flat, typeof value === 'string' ? { [prefix + key]: value } : flatten(value, `${prefix}${key}.`)),
    {},
  );
const placeholders = (text: string) => (text.match(/{{\s*\w+\s*}}/g) ?? []).sort();

const namespaceFiles = (language: string) =>
  fs
    .readdirSync(path.join(LOCALES, language))
    // admin.json is the operators' console's (lo, th, en), checked in adminTranslations.test.ts.
    .filter((file) => file.endsWith('.json') && file !== 'admin.json')
    .sort();

describe('translation files', () => {
  it('give every language the same namespaces, and register each namespace with i18next', () => {
    const files = namespaceFiles('lo');
    for (const language of LANGUAGES) expect(namespaceFiles(language)).toEqual(files);
    expect([...NAMESPACES].sort()).toEqual(files.map((file) => file.replace(/\.json$/, '')));
  });

  it('are all at hand for the server renderer, in every language', () => {
    for (const language of LANGUAGES) expect(Object.keys(ALL_RESOURCES[language]).sort()).toEqual([...NAMESPACES].sort());
  });

  describe.each(namespaceFiles('lo').map((file) => file.replace(/\.json$/, '')))('namespace %s', (namespace) => {
    const lo = flatten(read('lo', namespace));
    it.each(LANGUAGES.filter((language) => language !== 'lo'))('%s has exactly the keys of lo', (language) => {
      expect(Object.keys(flatten(read(language, namespace))).sort()).toEqual(Object.keys(lo).sort());
    });

    it.each([...LANGUAGES])('%s has no empty text and the same placeholders as lo', (language) => {
      const messages = flatten(read(language, namespace));
      for (const [key, text] of Object.entries(messages)) {
        expect([key, text.trim().length > 0]).toEqual([key, true]);
        expect([key, placeholders(text)]).toEqual([key, placeholders(lo[key])]);
      }
    });
  });
});

/** Every key of every namespace, bare and with its namespace, as it would show if it were not translated. */
const allKeys = new Set(
  namespaceFiles('lo').flatMap((file) => {
    const namespace = file.replace(/\.json$/, '');
    return Object.keys(flatten(read('lo', namespace))).flatMap((key) => [key, `${namespace}:${key}`]);
  }),
);
const KEY_SHAPE = /^[a-z][A-Za-z]*(\.[A-Za-z_]+)+$/;

function shownTexts(): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push((node.textContent ?? '').trim());
  for (const element of Array.from(document.body.querySelectorAll('[aria-label], [alt], [title]'))) {
    for (const attribute of ['aria-label', 'alt', 'title']) texts.push(element.getAttribute(attribute)?.trim() ?? '');
  }
  return texts.filter(Boolean);
}

describe('no key is shown raw', () => {
  const i18n = initI18n('lo');
  beforeAll(() => {
    // th is fetched over HTTP in the browser; here its files are added directly.
    for (const namespace of NAMESPACES) i18n.addResourceBundle('th', namespace, read('th', namespace), true, true);
  });

  describe.each([...LANGUAGES])('in %s', (language) => {
    it.each<[SessionReply, string]>([
      ['visitor', '/'],
      ['player', '/player/deposit/history'],
    ])('for a %s on %s, with the drawer and menus open', async (session, path) => {
      mockShellApi({ session });
      renderApp(path);
      await screen.findByTestId(session === 'player' ? 'player-area' : 'visitor-area');
      await act(() => i18n.changeLanguage(language));
      await userEvent.click(screen.getByTestId('open-drawer'));
      await waitFor(() => expect(screen.getByTestId('drawer')).toHaveAttribute('data-state', 'open'));
      await userEvent.keyboard('{Escape}');
      const contact = within(screen.getByTestId('contact-menu')).getByRole('button');
      await userEvent.click(contact);
      await waitFor(() => expect(screen.getAllByRole('menuitem')).toHaveLength(5));
      const texts = shownTexts();
      await userEvent.keyboard('{Escape}');
      await userEvent.click(within(screen.getByTestId('language-menu')).getByRole('button'));
      texts.push(...shownTexts());
      await userEvent.keyboard('{Escape}');

      expect(texts.length).toBeGreaterThan(40);
      const raw = texts.filter((text) => allKeys.has(text) || KEY_SHAPE.test(text));
      expect(raw).toEqual([]);
    });
  });
});
