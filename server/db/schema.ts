import type { ColumnType, Generated } from 'kysely';

/** Table types for Kysely. Each capability adds its tables in its own interface and joins DB below. */

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface AgencyTables {
  agencies: {
    id: Generated<string>;
    name: string;
    social: ColumnType<AgencySocial, string, string>;
    created_at: CreatedAt;
  };
  agency_domains: {
    host: string;
    agency_id: string;
  };
}

export interface AgencySocial {
  whatsapp: string;
  line: string;
  facebook: string;
  telegram: string;
  twitter: string;
}

export interface PlayerTables {
  players: {
    id: Generated<string>;
    agency_id: string;
    username: string;
    password_hash: string;
    display_name: string;
    blocked: Generated<boolean>;
    password_changed_at: Date | null;
    created_at: CreatedAt;
  };
  player_sessions: {
    id: Generated<string>;
    token_hash: Buffer;
    player_id: string;
    agency_id: string;
    created_at: CreatedAt;
    expires_at: Date;
    revoked_at: Date | null;
  };
}

export interface FingerprintTables {
  player_fingerprints: {
    id: Generated<string>;
    agency_id: string;
    player_id: string;
    visitor_id: string;
    /** the DeviceFingerprint payload (src/contract/players.ts) as sent */
    device: ColumnType<Record<string, unknown>, string, never>;
    source: 'register' | 'visit';
    ip: string | null;
    created_at: CreatedAt;
  };
}

export interface DB extends AgencyTables, PlayerTables, FingerprintTables {}
