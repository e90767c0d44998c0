import fs from 'node:fs';
import path from 'node:path';
import { ADMIN_LANGUAGES } from '../../console/i18n';
import { OperatorErrorCode } from '../../contract/admin';

const LOCALES = path.join(__dirname, '..', '..', 'public', 'locales');
type Tree = { [key: string]: string | Tree };

const read = (language: string): Tree => JSON.parse(fs.readFileSync(path.join(LOCALES, language, 'admin.json'), 'utf8'));
const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.entries(tree).reduce<Record<string, string>>(
    (flat, [key, value]) => Object.assign(flat, typeof value === 'string' ? { [prefix + key]: value } : flatten(value, `${prefix}${key}.`)),
    {},
  );
const placeholders = (text: string) => (text.match(/{{\s*\w+\s*}}/g) ?? []).sort();

describe('the console’s translations (admin.json)', () => {
  const lo = flatten(read('lo'));

  it.each(ADMIN_LANGUAGES.filter((language) => language !== 'lo'))('%s has exactly the keys of lo', (language) => {
    expect(Object.keys(flatten(read(language))).sort()).toEqual(Object.keys(lo).sort());
  });

  it.each([...ADMIN_LANGUAGES])('%s has no empty text, the placeholders of lo, and is not lo copied', (language) => {
    const messages = flatten(read(language));
    for (const [key, text] of Object.entries(messages)) {
      expect([key, text.trim().length > 0]).toEqual([key, true]);
      expect([key, placeholders(text)]).toEqual([key, placeholders(lo[key])]);
      if (language !== 'lo') expect([key, text === lo[key]]).toEqual([key, false]);
    }
  });

  it.each([...ADMIN_LANGUAGES])('%s says every code only the operators’ API answers with in the operator’s words', (language) => {
    const messages = flatten(read(language));
    for (const code of Object.values(OperatorErrorCode)) expect([code, typeof messages[`errors.${code}`]]).toEqual([code, 'string']);
  });
});
