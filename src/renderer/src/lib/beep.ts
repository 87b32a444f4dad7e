/**
 * Door sounds with Web Audio (no audio files to ship): one high beep for admitted, two low ones
 * for rejected, so staff hear the verdict without looking. Browsers only start audio after a
 * tap, so the door creates this on its "Start scanning" tap.
 */
export class Beeper {
  private context: AudioContext | null = null;

  /** Call from a user gesture: unlocks audio for the page. */
  unlock(): void {
    const Ctor = window.AudioContext;
    if (!Ctor) return;
    this.context ??= new Ctor();
    void this.context.resume().catch(() => undefined);
  }

  admitted(): void {
    this.tone(880, 0, 0.18);
  }

  rejected(): void {
    this.tone(220, 0, 0.16);
    this.tone(220, 0.24, 0.16);
  }

  private tone(hz: number, delayS: number, lengthS: number): void {
    const ctx = this.context;
    if (!ctx || ctx.state !== 'running') return;
    const start = ctx.currentTime + delayS;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'square';
    osc.frequency.value = hz;
    // A short ramp in and out avoids clicks.
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.25, start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + lengthS);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start);
    osc.stop(start + lengthS + 0.02);
  }
}
