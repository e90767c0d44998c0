import type { ReactNode } from 'react';

/** The shell's line icons, drawn for this site on a 24 px grid; they take the text colour. */
const PATHS = {
  menu: <path d="M4 6h16M4 12h16M4 18h16" />,
  close: <path d="M6 6l12 12M18 6L6 18" />,
  game: (
    <>
      <rect x="2.5" y="7" width="19" height="11" rx="5.5" />
      <path d="M7.5 10.5v4M5.5 12.5h4" />
      <circle cx="15.5" cy="11.5" r="0.9" fill="currentColor" />
      <circle cx="17.8" cy="13.8" r="0.9" fill="currentColor" />
    </>
  ),
  deposit: (
    <>
      <rect x="3" y="6" width="18" height="13" rx="2.5" />
      <path d="M12 3v8M8.5 7.5L12 11l3.5-3.5M7 15h10" />
    </>
  ),
  withdraw: (
    <>
      <rect x="3" y="6" width="18" height="13" rx="2.5" />
      <path d="M12 15V3.5M8.5 7L12 3.5 15.5 7M7 15.5h2M15 15.5h2" />
    </>
  ),
  promotion: (
    <>
      <rect x="3.5" y="9" width="17" height="11" rx="1.5" />
      <path d="M2.5 9h19M12 9v11M12 9c-1.5-4-6-4.5-6-2s3.5 2 6 2zM12 9c1.5-4 6-4.5 6-2s-3.5 2-6 2z" />
    </>
  ),
  bank: <path d="M3 9.5L12 4l9 5.5M4.5 10v8M9.5 10v8M14.5 10v8M19.5 10v8M3 20.5h18" />,
  history: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </>
  ),
  login: <path d="M14 4h4.5A1.5 1.5 0 0120 5.5v13a1.5 1.5 0 01-1.5 1.5H14M4 12h11M11 8l4 4-4 4" />,
  register: (
    <>
      <circle cx="10" cy="8" r="4" />
      <path d="M3 20c.8-3.6 3.6-5.5 7-5.5 1.4 0 2.7.3 3.7.9M18 14v6M15 17h6" />
    </>
  ),
  home: <path d="M4 11l8-7 8 7M6 9.5V20h4.5v-5.5h3V20H18V9.5" />,
  contact: (
    <>
      <path d="M4 5.5h16v10H10l-4.5 4v-4H4z" />
      <path d="M8 10.5h.01M12 10.5h.01M16 10.5h.01" strokeWidth="2.6" />
    </>
  ),
  language: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M3.5 12h17M12 3.5c2.4 2.4 3.5 5.2 3.5 8.5s-1.1 6.1-3.5 8.5c-2.4-2.4-3.5-5.2-3.5-8.5s1.1-6.1 3.5-8.5z" />
    </>
  ),
  chevronDown: <path d="M6 9l6 6 6-6" />,
  check: <path d="M5 12.5l4.5 4.5L19 7.5" />,
  shield: <path d="M12 3l7.5 3v5.5c0 4.5-3.2 8.2-7.5 9.5-4.3-1.3-7.5-5-7.5-9.5V6zM8.5 12l2.5 2.5 4.5-5" />,
} satisfies Record<string, ReactNode>;

export type IconName = keyof typeof PATHS;

/** Decorative by default: the control it sits in carries the accessible name. */
export function Icon({ name, size = 22 }: { name: IconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[name]}
    </svg>
  );
}
