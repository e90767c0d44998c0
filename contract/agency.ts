import { Type, type Static } from 'typebox';
import { NoticeSchema } from './responsiblePlay';

export const AgencySocialSchema = Type.Object({
  whatsapp: Type.String(),
  line: Type.String(),
  facebook: Type.String(),
  telegram: Type.String(),
  twitter: Type.String(),
});
export type AgencySocial = Static<typeof AgencySocialSchema>;

export const AgencyResponseSchema = Type.Object({
  agency: Type.Object({ id: Type.String(), name: Type.String() }),
  /** This site plays the bank or a game provider itself: nothing paid or won here is real money. */
  sandbox: Type.Boolean(),
});
export type AgencyResponse = Static<typeof AgencyResponseSchema>;

/** The numbers the header advertises: "register in N minutes", "over N games". */
export const SiteSettingsSchema = Type.Object({ signUpMinutes: Type.Integer(), gameCount: Type.Integer() });
export type SiteSettings = Static<typeof SiteSettingsSchema>;

export const AgencyInfoResponseSchema = Type.Object({
  agency: Type.Object({
    id: Type.String(),
    name: Type.String(),
    social: AgencySocialSchema,
    site: SiteSettingsSchema,
    /** The licence and jurisdiction notice the footer shows on every page. */
    notice: NoticeSchema,
  }),
});
export type AgencyInfoResponse = Static<typeof AgencyInfoResponseSchema>;
