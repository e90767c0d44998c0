import { chosenLanguage } from '../../src/i18n';
import { LANGUAGE_STORAGE_KEY } from '../../contract/languages';

// What the browser chose before is a stored language; nothing stored is no choice, not Lao.

afterEach(() => {
  localStorage.clear();
  jest.restoreAllMocks();
});

describe('the language this browser chose before', () => {
  it('is the language stored, and none when nothing or something else is stored', () => {
    expect(chosenLanguage()).toBeUndefined();
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    expect(chosenLanguage()).toBe('th');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    expect(chosenLanguage()).toBeUndefined();
  });

  it('is none where the browser refuses to read its storage', () => {
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(chosenLanguage()).toBeUndefined();
  });
});
