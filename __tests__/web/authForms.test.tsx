import fs from 'node:fs';
import path from 'node:path';
import nock from 'nock';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, renderApp } from '../support/renderApp';
import { AGENCY_ID, PLAYER_INFO, mockAgency, mockPlayer, mockVisitor, rememberReportedToday } from '../support/playerSite';
import { FAKE_VISITOR_ID } from '../support/fakeFingerprintjs';
import { FINGERPRINT_STORAGE_KEY, localDate, needsFingerprintReport } from '../../src/features/auth/fingerprintReports';
import type { DeviceFingerprint } from '../../contract/players';
import { ALL_RESOURCES } from '../../src/i18n/allResources';

// The page's decision whether to report the device, watched as it runs (ES module exports cannot be spied on).
jest.mock('../../src/features/auth/fingerprintReports', () => {
  const actual = jest.requireActual('../../src/features/auth/fingerprintReports');
  return { ...actual, needsFingerprintReport: jest.fn(actual.needsFingerprintReport) };
});

// Whole-site renders with typing; room for a busy shared machine.
jest.setTimeout(20_000);

beforeAll(() => {
  // jsdom's screen is 0 x 0; a phone's is not.
  Object.defineProperty(window.screen, 'width', { value: 390, configurable: true });
  Object.defineProperty(window.screen, 'height', { value: 844, configurable: true });
});
beforeEach(() => localStorage.clear());

const field = (label: string) => screen.getByLabelText(label);
const banner = () => screen.getByRole('banner');

async function openPage(path: string, heading: string) {
  mockAgency();
  mockVisitor();
  const view = renderApp(path);
  await screen.findByRole('heading', { name: heading });
  return view;
}

describe('register form', () => {
  const openRegister = () => openPage('/register', 'ສະໝັກສະມາຊິກ');
  const submit = () => userEvent.click(screen.getByRole('button', { name: 'ສະໝັກສະມາຊິກ' }));

  it('shows the Lao message of every rule that is broken', async () => {
    await openRegister();
    await submit();
    expect(await screen.findByText('ກະລຸນາໃສ່ຊື່ຜູ້ໃຊ້')).toBeInTheDocument();
    expect(screen.getByText('ກະລຸນາໃສ່ລະຫັດຜ່ານ')).toBeInTheDocument();
    expect(screen.getByText('ກະລຸນາຢືນຢັນລະຫັດຜ່ານ')).toBeInTheDocument();
    expect(screen.getByText('ກະລຸນາຢືນຢັນວ່າທ່ານມີອາຍຸ 18 ປີຂຶ້ນໄປ')).toBeInTheDocument();

    const username = field('ຊື່ຜູ້ໃຊ້');
    const password = field('ລະຫັດຜ່ານ');
    const confirm = field('ຢືນຢັນລະຫັດຜ່ານ');
    const displayName = field('ຊື່ສະແດງ');
    const cases: [HTMLElement, string, string][] = [
      [username, 'abc', 'ຊື່ຜູ້ໃຊ້ຕ້ອງມີຢ່າງໜ້ອຍ 4 ຕົວອັກສອນ'],
      [username, 'a'.repeat(17), 'ຊື່ຜູ້ໃຊ້ຕ້ອງມີບໍ່ເກີນ 16 ຕົວອັກສອນ'],
      [username, 'Somchai', 'ຊື່ຜູ້ໃຊ້ໃຊ້ໄດ້ສະເພາະຕົວອັກສອນພາສາອັງກິດໂຕນ້ອຍ, ຕົວເລກ, - ແລະ _'],
      [password, 'short', 'ລະຫັດຜ່ານຕ້ອງມີຢ່າງໜ້ອຍ 8 ຕົວອັກສອນ'],
      [password, 'p'.repeat(65), 'ລະຫັດຜ່ານຕ້ອງມີບໍ່ເກີນ 64 ຕົວອັກສອນ'],
      [confirm, 'something-else', 'ລະຫັດຜ່ານບໍ່ກົງກັນ'],
      [displayName, 'ດ'.repeat(33), 'ຊື່ສະແດງຕ້ອງມີບໍ່ເກີນ 32 ຕົວອັກສອນ'],
      [displayName, 'bad\u0007name', 'ຊື່ສະແດງມີຕົວອັກສອນທີ່ໃຊ້ບໍ່ໄດ້'],
    ];
    for (const [input, value, message] of cases) {
      fireEvent.change(input, { target: { value } });
      fireEvent.blur(input);
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
  });

  it('checks the username live and shows the Lao "username already exists" message', async () => {
    await openRegister();
    const checks = nock(API)
      .post('/api/v2/players/username/validate', { username: 'takenname' })
      .reply(200, { available: false })
      .post('/api/v2/players/username/validate', { username: 'freename' })
      .reply(200, { available: true });
    await userEvent.type(field('ຊື່ຜູ້ໃຊ້'), 'takenname');
    expect(await screen.findByText('ຊື່ຜູ້ໃຊ້ນີ້ມີຢູ່ແລ້ວ ກະລຸນາໃສ່ຊື່ຜູ້ໃຊ້ໃໝ່ ຫຼື ຕິດຕໍ່ພະນັກງານ')).toBeInTheDocument();
    await userEvent.clear(field('ຊື່ຜູ້ໃຊ້'));
    await userEvent.type(field('ຊື່ຜູ້ໃຊ້'), 'freename');
    expect(await screen.findByText('ຊື່ຜູ້ໃຊ້ນີ້ໃຊ້ໄດ້')).toBeInTheDocument();
    expect(screen.queryByText(/ຊື່ຜູ້ໃຊ້ນີ້ມີຢູ່ແລ້ວ/)).not.toBeInTheDocument();
    expect(checks.isDone()).toBe(true);
  });

  async function fillValidForm(username: string) {
    nock(API).post('/api/v2/players/username/validate').reply(200, { available: true });
    await userEvent.type(field('ຊື່ຜູ້ໃຊ້'), username);
    await userEvent.type(field('ລະຫັດຜ່ານ'), 'secret-pass-1');
    await userEvent.type(field('ຢືນຢັນລະຫັດຜ່ານ'), 'secret-pass-1');
    await userEvent.type(field('ຊື່ສະແດງ'), 'ສົມໃຈ ດີ');
    await userEvent.click(screen.getByRole('checkbox', { name: 'ຂ້ອຍຢືນຢັນວ່າຂ້ອຍມີອາຍຸ 18 ປີຂຶ້ນໄປ' }));
  }

  it('says in Lao that a guessable password will not do, and sends nothing', async () => {
    const guessableMessage = 'ລະຫັດຜ່ານນີ້ເດົາງ່າຍເກີນໄປ ກະລຸນາຕັ້ງລະຫັດຜ່ານທີ່ຍາວກວ່ານີ້ ຫຼື ປະສົມຄຳທີ່ຄົນອື່ນເດົາບໍ່ໄດ້';
    await openRegister();
    await fillValidForm('somchai');
    const registration = nock(API).post('/api/v2/players/register').reply(201, { player: PLAYER_INFO.player });
    const password = field('ລະຫັດຜ່ານ');
    const typePassword = (value: string) => {
      fireEvent.change(password, { target: { value } });
      fireEvent.change(field('ຢືນຢັນລະຫັດຜ່ານ'), { target: { value } });
      fireEvent.blur(password);
    };
    for (const guessable of ['12345678', 'password', ' '.repeat(8), 'somchai123']) {
      typePassword(guessable);
      expect(await screen.findByText(guessableMessage)).toBeInTheDocument();
      typePassword('secret-pass-1');
      await waitFor(() => expect(screen.queryByText(guessableMessage)).not.toBeInTheDocument());
    }
    typePassword('12345678');
    await submit();
    expect(await screen.findByText(guessableMessage)).toBeInTheDocument();
    expect(registration.isDone()).toBe(false);
  });

  it('registers with the device fingerprint in body and header, logs in and opens /player', async () => {
    await openRegister();
    await fillValidForm('somchai');
    let sent: { body: { fingerprint: DeviceFingerprint } & Record<string, unknown>; header: string | string[] | undefined } | undefined;
    nock(API)
      .post('/api/v2/players/register')
      .reply(function (_uri, body) {
        sent = { body: body as never, header: this.req.headers['x-fingerprint'] };
        return [201, { player: PLAYER_INFO.player }];
      });
    mockPlayer();
    const fingerprintCall = nock(API).post('/api/v2/fingerprint').reply(200, {});
    await submit();

    expect(await screen.findByRole('button', { name: /ສົມໃຈ ດີ/ })).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/player'));
    expect(sent?.header).toBe(FAKE_VISITOR_ID);
    expect(sent?.body).toMatchObject({
      username: 'somchai',
      password: 'secret-pass-1',
      confirmPassword: 'secret-pass-1',
      displayName: 'ສົມໃຈ ດີ',
      ageConfirmed: true,
    });
    expect(sent?.body.fingerprint).toEqual({
      screen: '390x844',
      version: '5.2.0',
      timezone: 'Asia/Vientiane',
      userAgent: navigator.userAgent,
      plugins: 'PDF Viewer,Chrome PDF Viewer',
      webGL: {
        version: 'WebGL 1.0',
        vendor: 'WebKit',
        vendorUnmasked: 'Google Inc.',
        renderer: 'WebKit WebGL',
        rendererUnmasked: 'ANGLE (SwiftShader)',
        shadingLanguageVersion: 'WebGL GLSL ES 1.0',
      },
      audio: 124.04,
      platform: 'Linux x86_64',
      fingerprint: FAKE_VISITOR_ID,
      memory: 8,
      fonts: 'Arial,Noto Sans Lao',
      languages: navigator.languages.join(','),
      hardwareConcurrency: 4,
      vendor: 'Google Inc.',
    });
    // The registration carried the fingerprint: no separate report is due today.
    expect(JSON.parse(localStorage.getItem(FINGERPRINT_STORAGE_KEY) ?? '{}')).toEqual({
      [AGENCY_ID]: { fingerprint: FAKE_VISITOR_ID, date: localDate() },
    });
    expect(fingerprintCall.isDone()).toBe(false);
  });

  it('shows the taken-username message when the server refuses the name at submit', async () => {
    await openRegister();
    await fillValidForm('racedname');
    nock(API).post('/api/v2/players/register').reply(409, { code: 'USERNAME_TAKEN', message: 'taken' });
    await submit();
    expect(await screen.findByText('ຊື່ຜູ້ໃຊ້ນີ້ມີຢູ່ແລ້ວ ກະລຸນາໃສ່ຊື່ຜູ້ໃຊ້ໃໝ່ ຫຼື ຕິດຕໍ່ພະນັກງານ')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/register');
  });
});

describe('login form', () => {
  const openLogin = () => openPage('/login', 'ເຂົ້າສູ່ລະບົບ');
  const submit = () => userEvent.click(within(screen.getByRole('main')).getByRole('button', { name: 'ເຂົ້າສູ່ລະບົບ' }));

  it('shows the Lao message of every rule that is broken', async () => {
    await openLogin();
    await submit();
    expect(await screen.findByText('ກະລຸນາໃສ່ຊື່ຜູ້ໃຊ້')).toBeInTheDocument();
    expect(screen.getByText('ກະລຸນາໃສ່ລະຫັດຜ່ານ')).toBeInTheDocument();
    fireEvent.change(field('ຊື່ຜູ້ໃຊ້'), { target: { value: 'a'.repeat(17) } });
    expect(await screen.findByText('ຊື່ຜູ້ໃຊ້ຕ້ອງມີບໍ່ເກີນ 16 ຕົວອັກສອນ')).toBeInTheDocument();
    fireEvent.change(field('ລະຫັດຜ່ານ'), { target: { value: 'p'.repeat(65) } });
    expect(await screen.findByText('ລະຫັດຜ່ານຕ້ອງມີບໍ່ເກີນ 64 ຕົວອັກສອນ')).toBeInTheDocument();
  });

  it('says "login failed, username or password incorrect" in Lao and stays on /login', async () => {
    await openLogin();
    nock(API).post('/api/v2/players/login').reply(401, { code: 'INVALID_CREDENTIALS', message: 'no' });
    await userEvent.type(field('ຊື່ຜູ້ໃຊ້'), 'somchai');
    await userEvent.type(field('ລະຫັດຜ່ານ'), 'wrong-password');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('ເຂົ້າສູ່ລະບົບບໍ່ສຳເລັດ ຊື່ຜູ້ໃຊ້ ຫຼື ລະຫັດຜ່ານບໍ່ຖືກຕ້ອງ');
    expect(window.location.pathname).toBe('/login');
    expect(within(banner()).getByRole('link', { name: 'ເຂົ້າສູ່ລະບົບ' })).toBeInTheDocument();
  });

  it.each([
    ['lo', 'ພະຍາຍາມຫຼາຍເກີນໄປ ກະລຸນາລອງໃໝ່ໃນອີກ 2 ນາທີ 30 ວິນາທີ'],
    ['cn', '尝试次数过多，请在2分30秒后重试'],
    ['vn', 'Thử quá nhiều lần, vui lòng thử lại sau 2 phút 30 giây'],
    ['th', 'ลองหลายครั้งเกินไป กรุณาลองใหม่ในอีก 2 นาที 30 วินาที'],
  ] as const)('says in %s how long to wait after too many attempts', async (language, message) => {
    const texts = ALL_RESOURCES[language].auth as { login: Record<string, string> };
    // The site fetches Thai from /locales, as from the server.
    if (language === 'th') {
      nock(API)
        .persist()
        .get(/^\/locales\/th\/\w+\.json$/)
        .reply((uri) => [200, fs.readFileSync(path.join('public', uri), 'utf8')]);
    }
    mockAgency();
    mockVisitor();
    renderApp('/login', language);
    await screen.findByRole('heading', { name: texts.login.title });
    nock(API)
      .post('/api/v2/players/login')
      .reply(
        429,
        { code: 'RATE_LIMITED', message: 'Too many attempts; try again in 150 s', retryAfterSeconds: 150 },
        { 'Retry-After': '150' },
      );
    await userEvent.type(field(texts.login.username), 'somchai');
    await userEvent.type(field(texts.login.password), 'secret-pass-1');
    await userEvent.click(within(screen.getByRole('main')).getByRole('button', { name: texts.login.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('logs in (username lowercased), refetches the player info, opens /player and reports the device once a day', async () => {
    await openLogin();
    const loginCall = nock(API)
      .post('/api/v2/players/login', { username: 'somchai', password: 'secret-pass-1' })
      .reply(200, { player: PLAYER_INFO.player });
    const refetch = mockPlayer();
    let reported: DeviceFingerprint | undefined;
    nock(API)
      .post('/api/v2/fingerprint')
      .reply(200, (_uri, body) => {
        reported = (body as { fingerprint: DeviceFingerprint }).fingerprint;
        return { fingerprint: { visitorId: FAKE_VISITOR_ID, recordedAt: new Date().toISOString() } };
      });
    await userEvent.type(field('ຊື່ຜູ້ໃຊ້'), 'Somchai');
    await userEvent.type(field('ລະຫັດຜ່ານ'), 'secret-pass-1');
    await submit();

    expect(await screen.findByRole('button', { name: /ສົມໃຈ ດີ/ })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/player');
    expect(loginCall.isDone()).toBe(true);
    expect(refetch.isDone()).toBe(true);
    await waitFor(() => expect(reported?.fingerprint).toBe(FAKE_VISITOR_ID));
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(FINGERPRINT_STORAGE_KEY) ?? '{}')[AGENCY_ID]).toEqual({
        fingerprint: FAKE_VISITOR_ID,
        date: localDate(),
      }),
    );
  });
});

describe('device fingerprint reports', () => {
  async function openAsPlayer() {
    mockAgency();
    mockPlayer();
    renderApp('/player');
    await screen.findByRole('button', { name: /ສົມໃຈ ດີ/ });
  }

  it('sends nothing when this device was already reported for the agency today', async () => {
    rememberReportedToday();
    const decided = jest.mocked(needsFingerprintReport);
    decided.mockClear();
    const report = nock(API).post('/api/v2/fingerprint').reply(200, {});
    await openAsPlayer();
    await waitFor(() => expect(decided).toHaveReturnedWith(false));
    expect(report.isDone()).toBe(false);
  });

  it.each([
    ['from another day', { fingerprint: FAKE_VISITOR_ID, date: '2020-01-01' }],
    ['of another device', { fingerprint: 'another0device0id', date: localDate() }],
  ])('reports again when the stored report is %s, and keeps other agencies', async (_case, stored) => {
    localStorage.setItem(FINGERPRINT_STORAGE_KEY, JSON.stringify({ [AGENCY_ID]: stored, 'agency-2': stored }));
    const report = nock(API)
      .post('/api/v2/fingerprint')
      .reply(200, { fingerprint: { visitorId: FAKE_VISITOR_ID, recordedAt: '' } });
    await openAsPlayer();
    await waitFor(() => expect(report.isDone()).toBe(true));
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(FINGERPRINT_STORAGE_KEY) ?? '{}')).toEqual({
        [AGENCY_ID]: { fingerprint: FAKE_VISITOR_ID, date: localDate() },
        'agency-2': stored,
      }),
    );
  });
});
