import { displayAmount } from '../../../contract/format';
import { formatAmount } from '../../../contract/money';
import { PROVIDER_NAMES, type Provider } from '../../../contract/providers';
import type { SandboxGame } from './catalog';
import { STAKES } from './slot';

/**
 * The sandbox provider's pages, rendered on the server. They follow the site's Content-Security-
 * Policy: no inline script; the behaviour is /sandbox/providers/assets/slot.js.
 */

const TEXTS = {
  lo: {
    sandbox: 'ຜູ້ໃຫ້ບໍລິການທົດລອງ',
    balance: 'ເຄຣດິດ',
    stake: 'ເດີມພັນ',
    spin: 'ໝຸນ',
    spinning: 'ກຳລັງໝຸນ...',
    win: 'ທ່ານຊະນະ {amount} THB',
    lose: 'ບໍ່ຖືກລາງວັນ ລອງໃໝ່',
    insufficient: 'ເຄຣດິດບໍ່ພໍສຳລັບການເດີມພັນນີ້',
    failed: 'ມີບາງຢ່າງຜິດພາດ ກະລຸນາລອງໃໝ່',
    back: 'ກັບໄປເວັບໄຊ',
    lobby: 'ເລືອກໂຕະ',
    expired: 'ເຊດຊັນເກມນີ້ໝົດອາຍຸແລ້ວ ກະລຸນາເປີດເກມໃໝ່ຈາກເວັບໄຊ',
  },
  cn: {
    sandbox: '测试供应商',
    balance: '额度',
    stake: '投注',
    spin: '旋转',
    spinning: '旋转中...',
    win: '您赢了 {amount} THB',
    lose: '未中奖，再试一次',
    insufficient: '额度不足以支付此投注',
    failed: '出错了，请重试',
    back: '返回网站',
    lobby: '选择桌台',
    expired: '此游戏会话已过期，请从网站重新打开游戏',
  },
  vn: {
    sandbox: 'Nhà cung cấp thử nghiệm',
    balance: 'Tín dụng',
    stake: 'Mức cược',
    spin: 'Quay',
    spinning: 'Đang quay...',
    win: 'Bạn thắng {amount} THB',
    lose: 'Không trúng, hãy thử lại',
    insufficient: 'Tín dụng không đủ cho mức cược này',
    failed: 'Đã xảy ra lỗi, vui lòng thử lại',
    back: 'Quay lại trang web',
    lobby: 'Chọn bàn',
    expired: 'Phiên trò chơi đã hết hạn, vui lòng mở lại trò chơi từ trang web',
  },
  th: {
    sandbox: 'ผู้ให้บริการทดสอบ',
    balance: 'เครดิต',
    stake: 'เดิมพัน',
    spin: 'หมุน',
    spinning: 'กำลังหมุน...',
    win: 'คุณชนะ {amount} THB',
    lose: 'ไม่ได้รางวัล ลองใหม่',
    insufficient: 'เครดิตไม่พอสำหรับการเดิมพันนี้',
    failed: 'เกิดข้อผิดพลาด กรุณาลองใหม่',
    back: 'กลับไปที่เว็บไซต์',
    lobby: 'เลือกโต๊ะ',
    expired: 'เซสชันเกมนี้หมดอายุแล้ว กรุณาเปิดเกมใหม่จากเว็บไซต์',
  },
};

export type PageLanguage = keyof typeof TEXTS;

export function pageLanguage(value: unknown): PageLanguage {
  return typeof value === 'string' && value in TEXTS ? (value as PageLanguage) : 'lo';
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const GLYPHS: Record<string, string> = { SEVEN: '7', STAR: '★', HEART: '♥', DIAMOND: '♦', CLUB: '♣', SPADE: '♠' };

function layout(language: PageLanguage, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/sandbox/providers/assets/slot.css">
</head>
<body>
${body}
<script src="/sandbox/providers/assets/slot.js" defer></script>
</body>
</html>`;
}

const backLink = (provider: Provider, language: PageLanguage) =>
  `<a class="back" href="/player/game/${provider}">${escapeHtml(TEXTS[language].back)}</a>`;

export function slotPage(options: {
  provider: Provider;
  game: SandboxGame;
  balance: bigint;
  spinUrl: string;
  language: PageLanguage;
}): string {
  const { provider, game, balance, spinUrl, language } = options;
  const t = TEXTS[language];
  const stakes = STAKES.map(
    (stake, i) =>
      `<label class="stake"><input type="radio" name="stake" value="${formatAmount(stake, 'THB')}"${i === 2 ? ' checked' : ''}><span>${displayAmount(stake / 100n, 0)}</span></label>`,
  ).join('');
  const texts = escapeHtml(
    JSON.stringify({ spinning: t.spinning, win: t.win, lose: t.lose, insufficient: t.insufficient, failed: t.failed }),
  );
  return layout(
    language,
    `${game.name} · ${PROVIDER_NAMES[provider]}`,
    `<main class="machine" data-spin-url="${escapeHtml(spinUrl)}" data-game="${escapeHtml(game.code)}" data-texts="${texts}">
<p class="provider">${escapeHtml(PROVIDER_NAMES[provider])} · ${escapeHtml(t.sandbox)}</p>
<h1>${escapeHtml(game.name)}</h1>
<p class="balance">${escapeHtml(t.balance)}: <output id="balance" data-testid="balance">${displayAmount(formatAmount(balance, 'THB'))}</output> THB</p>
<div class="reels" id="reels">${['SEVEN', 'STAR', 'HEART'].map((s) => `<span class="reel">${GLYPHS[s]}</span>`).join('')}</div>
<fieldset class="stakes"><legend>${escapeHtml(t.stake)} (THB)</legend>${stakes}</fieldset>
<button id="spin" type="button">${escapeHtml(t.spin)}</button>
<p id="result" class="result" role="status" aria-live="polite"></p>
${backLink(provider, language)}
</main>`,
  );
}

export function lobbyPage(options: { provider: Provider; games: SandboxGame[]; language: PageLanguage }): string {
  const { provider, games, language } = options;
  const t = TEXTS[language];
  const tables = games
    .map((game) => `<li><a class="table" href="?game=${encodeURIComponent(game.code)}">${escapeHtml(game.name)}</a></li>`)
    .join('');
  return layout(
    language,
    `${PROVIDER_NAMES[provider]} · ${t.lobby}`,
    `<main class="lobby">
<p class="provider">${escapeHtml(PROVIDER_NAMES[provider])} · ${escapeHtml(t.sandbox)}</p>
<h1>${escapeHtml(t.lobby)}</h1>
<ul class="tables">${tables}</ul>
${backLink(provider, language)}
</main>`,
  );
}

export function expiredPage(provider: Provider, language: PageLanguage): string {
  return layout(
    language,
    PROVIDER_NAMES[provider],
    `<main class="lobby"><h1>${escapeHtml(TEXTS[language].expired)}</h1>${backLink(provider, language)}</main>`,
  );
}
