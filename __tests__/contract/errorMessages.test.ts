import { ErrorCode } from '../../contract/errors';
import lo from '../../public/locales/lo/common.json';
import cn from '../../public/locales/cn/common.json';
import vn from '../../public/locales/vn/common.json';
import th from '../../public/locales/th/common.json';

describe('error codes', () => {
  it.each([
    ['lo', lo],
    ['cn', cn],
    ['vn', vn],
    ['th', th],
  ])('every code has a %s message', (_language, messages) => {
    const errors = messages.errors as Record<string, string>;
    for (const code of Object.values(ErrorCode)) expect(errors[code]).toEqual(expect.any(String));
  });
});
