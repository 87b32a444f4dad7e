/**
 * The alarm: three short square-wave beeps made with Web Audio, so no sound file has to ship
 * and it works offline. Browsers keep audio off until the page is clicked, so the monitor
 * asks for one click ("Enable alarm sound") and says so when the browser still refuses.
 * A tiny external store, read with useSyncExternalStore.
 */
export type SoundState = 'on' | 'blocked' | 'unavailable';

export interface SoundSnapshot {
  state: SoundState;
  /** Alarms that actually played (a data attribute shows it to tests and to the curious). */
  played: number;
  /** Alarms the browser would not play (audio still locked). */
  missed: number;
}

let context: AudioContext | null = null;
let snapshot: SoundSnapshot = {
  state: typeof AudioContext === 'undefined' ? 'unavailable' : 'blocked',
  played: 0,
  missed: 0,
};
const listeners = new Set<() => void>();

function change(next: Partial<SoundSnapshot>): void {
  snapshot = { ...snapshot, ...next };
  listeners.forEach((listener) => listener());
}

export function subscribeSound(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const soundSnapshot = (): SoundSnapshot => snapshot;

/** Call from a click: lets the page make sound from now on. */
export async function enableSound(): Promise<void> {
  if (typeof AudioContext === 'undefined') return;
  context ??= new AudioContext();
  try {
    await context.resume();
  } catch {
    // Still locked; the state below says so.
  }
  change({ state: context.state === 'running' ? 'on' : 'blocked' });
}

/** Sounds the alarm once, when the browser lets the page make sound. */
export function playAlarm(): void {
  const ctx = context;
  if (!ctx || ctx.state !== 'running') {
    change({ missed: snapshot.missed + 1 });
    return;
  }
  const start = ctx.currentTime;
  for (let i = 0; i < 3; i++) {
    const at = start + i * 0.22;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'square';
    osc.frequency.value = i % 2 === 0 ? 880 : 660;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.18);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + 0.2);
  }
  change({ played: snapshot.played + 1 });
}
