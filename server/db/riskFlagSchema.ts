import type { Generated } from 'kysely';
import type { CreatedAt } from './schema';

/** The tables of the operators' risk flags (migration 0027). */
export interface RiskFlagTables {
  /** A player's try to add a bank account number another player of the agency holds (ACCOUNT_IN_USED). */
  bank_account_refusals: {
    id: Generated<string>;
    agency_id: string;
    player_id: string;
    bank: string;
    account_number: string;
    created_at: CreatedAt;
  };
  /** An operator's review of a risk flag (kind + subject), on the evidence the flag showed then. */
  risk_flag_reviews: {
    id: Generated<string>;
    agency_id: string;
    kind: string;
    subject: string;
    evidence_key: string;
    note: string;
    operator_id: string;
    created_at: CreatedAt;
  };
}
