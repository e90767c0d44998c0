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

/** The numbers the header advertises: "register in N minutes", "over N games" (SPEC.md section 1). */
export interface SiteSettings {
  signUpMinutes: number;
  gameCount: number;
}

export interface AgencyInfoResponse {
  agency: { id: string; name: string; social: AgencySocial; site: SiteSettings };
}

export const SOCIAL_NETWORKS = ['whatsapp', 'line', 'facebook', 'telegram', 'twitter'] as const satisfies readonly (keyof AgencySocial)[];
