export interface AgencySocial {
  whatsapp: string;
  line: string;
  facebook: string;
  telegram: string;
  twitter: string;
}

export interface AgencyResponse {
  agency: { id: string; name: string };
}

export interface AgencyInfoResponse {
  agency: { id: string; name: string; social: AgencySocial };
}

export const SOCIAL_NETWORKS = ['whatsapp', 'line', 'facebook', 'telegram', 'twitter'] as const satisfies readonly (keyof AgencySocial)[];
