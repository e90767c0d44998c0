import type { ReactNode } from 'react';
import type { SOCIAL_NETWORKS } from '../../../contract/socialNetworks';

type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** Simple round badges of our own for the five contact channels (not the networks' trademarks). */
const BADGES: Record<SocialNetwork, { colour: string; glyph: ReactNode }> = {
  whatsapp: {
    colour: '#1f9d55',
    glyph: (
      <path
        d="M9.2 7.2c.4-.4 1-.4 1.3 0l1 1.3c.3.4.3.9 0 1.2l-.6.6c.5 1.1 1.4 2 2.5 2.6l.6-.6c.3-.3.9-.4 1.2 0l1.3 1c.4.3.4.9 0 1.3l-.7.7c-.8.8-2.1.9-3.2.3-2-1.1-3.6-2.7-4.7-4.7-.6-1.1-.5-2.4.3-3.2z"
        fill="#fff"
      />
    ),
  },
  line: {
    colour: '#0a8f3c',
    glyph: (
      <path d="M12 6.5c-3.6 0-6.5 2.3-6.5 5.1 0 2.5 2.3 4.6 5.4 5l-.3 1.9 2.9-1.9c2.8-.4 5-2.5 5-5 0-2.8-2.9-5.1-6.5-5.1z" fill="#fff" />
    ),
  },
  facebook: {
    colour: '#2d5fc4',
    glyph: (
      <path
        d="M13.2 18.5v-5.2h1.9l.3-2.2h-2.2V9.8c0-.6.2-1.1 1.1-1.1h1.2V6.8c-.6-.1-1.2-.1-1.8-.1-1.8 0-2.9 1.1-2.9 3v1.5H8.9v2.2h1.9v5.2z"
        fill="#fff"
      />
    ),
  },
  telegram: {
    colour: '#1f7fb8',
    glyph: (
      <path
        d="M6 11.6l10.8-4.3c.5-.2 1 .1.8.9l-1.8 8.6c-.1.6-.5.8-1.1.5l-2.9-2.1-1.4 1.4c-.2.2-.3.3-.6.3l.2-3 5.4-4.9c.2-.2 0-.3-.3-.1l-6.7 4.2-2.9-.9c-.6-.2-.6-.6.5-.9z"
        fill="#fff"
      />
    ),
  },
  twitter: {
    colour: '#2b3440',
    glyph: (
      <path
        d="M17.5 8.6c-.4.2-.9.3-1.3.4.5-.3.8-.7 1-1.3-.4.3-.9.5-1.4.6a2.3 2.3 0 00-3.9 2.1 6.4 6.4 0 01-4.7-2.4 2.3 2.3 0 00.7 3c-.4 0-.7-.1-1-.3 0 1.1.8 2 1.8 2.2-.3.1-.7.1-1 0 .3.9 1.1 1.6 2.1 1.6a4.6 4.6 0 01-3.4.9 6.5 6.5 0 0010-5.8c.4-.3.8-.6 1.1-1z"
        fill="#fff"
      />
    ),
  },
};

export function SocialIcon({ network, size = 28 }: { network: SocialNetwork; size?: number }) {
  const { colour, glyph } = BADGES[network];
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="12" fill={colour} />
      {glyph}
    </svg>
  );
}
