import type { SessionPlayer } from '../domain/players';

/**
 * The session checks this process answered lately, by agency and token hash, each until a moment
 * on the monotonic clock; also found by player, so a change of the player drops all of theirs.
 * Holds at most `size` entries: a new one pushes out the oldest.
 */
export class SessionCache {
  private readonly entries = new Map<string, { player: SessionPlayer; until: number }>();
  private readonly byPlayer = new Map<string, Set<string>>();

  constructor(private readonly size: number) {}

  get(key: string, now: number): SessionPlayer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > now) return entry.player;
    this.delete(key);
    return undefined;
  }

  set(key: string, player: SessionPlayer, until: number): void {
    this.delete(key);
    if (this.entries.size >= this.size) this.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { player, until });
    const keys = this.byPlayer.get(player.playerId) ?? new Set();
    this.byPlayer.set(player.playerId, keys.add(key));
  }

  forgetPlayer(playerId: string): void {
    for (const key of this.byPlayer.get(playerId) ?? []) this.entries.delete(key);
    this.byPlayer.delete(playerId);
  }

  clear(): void {
    this.entries.clear();
    this.byPlayer.clear();
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    const keys = this.byPlayer.get(entry.player.playerId);
    keys?.delete(key);
    if (keys?.size === 0) this.byPlayer.delete(entry.player.playerId);
  }
}
