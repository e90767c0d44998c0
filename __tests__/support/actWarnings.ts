import { format } from 'node:util';

// What React (19) says when a test lets it render outside act(): an update or a suspended resource
// landing unwrapped, an async act not awaited, overlapping act scopes, or act in a non-act environment.
const ACT_WARNING =
  /not wrapped in act\(|inside an `act` scope|overlapping act\(\) calls|act\(async \(\) => \.\.\.\) without await|not configured to support act\(/;

const collected: string[] = [];
let original: typeof console.error | undefined;

/** Notes React's act() warnings as console.error reports them, and passes every message on as before. */
export function watchActWarnings() {
  if (original) return;
  const passOn = console.error;
  original = passOn;
  console.error = (...args: unknown[]) => {
    const message = format(...args);
    if (ACT_WARNING.test(message)) collected.push(message);
    passOn.apply(console, args);
  };
}

/** Gives console.error back the function the watch passed messages on to. */
export function stopWatchingActWarnings() {
  if (original) console.error = original;
  original = undefined;
}

/** The act() warnings noted since the last call, which forgets them. */
export function takeActWarnings(): string[] {
  return collected.splice(0);
}

/** Fails with each kind of act() warning (its first line names the component) and how often it came. */
export function failOnActWarnings(warnings: readonly string[]) {
  if (warnings.length === 0) return;
  const counts = new Map<string, number>();
  for (const warning of warnings) {
    const line = warning.split('\n', 1)[0];
    counts.set(line, (counts.get(line) ?? 0) + 1);
  }
  const lines = [...counts].map(([line, count]) => `  ${count} × ${line}`);
  throw new Error(`React rendered outside act() during this test:\n${lines.join('\n')}`);
}
