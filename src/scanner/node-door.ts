/**
 * A door device on Node: state in a SQLite file, HTTPS pinned to the certificate learnt at
 * pairing. What the CLI and tests open; the renderer's door page assembles its own from
 * stored-device-state.ts (over localStorage) and fetch-transport.ts.
 */
import { SqliteDeviceState } from './device-store.js';
import { sleepProofClockRun, sleepProofMonotonicNow } from './boot-clock.js';
import { serverTime } from './door-clock.js';
import { DoorDevice, type DoorDeviceOptions } from './door-device.js';
import type { PairingCode } from './pairing-code.js';
import { PinnedTransport } from './pinned-transport.js';
import type { Pairing } from './device-state.js';

export interface NodeDoor {
  device: DoorDevice;
  state: SqliteDeviceState;
  /** Closes connections and the state file. */
  close(): Promise<void>;
}

export interface NodeDoorOptions {
  /** The device's own clock (default Date.now); scans are corrected to the server's time. */
  now?: () => number;
  /** A clock no one sets (default boot-clock.ts): carries the server's time between answers. */
  monotonicNow?: () => number;
  /**
   * Which run of `monotonicNow` this is (default: this boot, for the boot clock): a later run on
   * the same one starts from the server time this one measured. Null keeps nothing across runs.
   */
  monotonicRun?: string | null;
  deadlineMs?: number;
}

/**
 * Saves a clock reading into the state file when it moved by a second or more since the one last
 * saved (`initial`: what the file holds), so each answer does not write the file.
 */
function savedWhenMoved(
  initial: number | null,
  save: (value: number) => void,
): (value: number | null) => void {
  let saved = initial;
  return (value) => {
    if (value === null || (saved !== null && Math.abs(value - saved) < 1000)) return;
    save(value);
    saved = value;
  };
}

function assemble(
  stateFile: string,
  options: NodeDoorOptions,
): { base: DoorDeviceOptions; state: SqliteDeviceState; close: () => void } {
  const state = new SqliteDeviceState(stateFile);
  // Scans go out on the server's time when this device's clock is off (door-clock.ts): measured
  // from each answer's Date header and carried on a monotonic clock, so setting the wall clock
  // mid-run changes nothing. The measurement is kept against that clock too, so a run later this
  // boot (the next CLI command) starts on the server's time even if the date was set between the
  // two; after a reboot only the offset to the wall clock, kept beside it, is left to start from.
  const monotonicRun =
    options.monotonicRun !== undefined
      ? options.monotonicRun
      : options.monotonicNow
        ? null
        : sleepProofClockRun();
  const clock = serverTime({
    keptOffsetMs: state.clockOffsetMs(),
    keptAnchorMs: monotonicRun === null ? null : state.serverClockAnchor(monotonicRun),
    wallNow: options.now,
    monotonicNow: options.monotonicNow ?? sleepProofMonotonicNow(),
  });
  const keepAnchor =
    monotonicRun === null
      ? () => {}
      : savedWhenMoved(clock.anchorMs(), (anchor) => state.saveServerClockAnchor(monotonicRun, anchor));
  const keep = savedWhenMoved(state.clockOffsetMs(), (offset) => state.saveClockOffset(offset));
  const now = () => {
    const at = clock.now();
    // A wall clock set since the last answer: the offset a restart would start from follows it.
    keep(clock.offsetMs());
    return at;
  };
  const transports: PinnedTransport[] = [];
  const transport = (pairing: Pairing): PinnedTransport => {
    const made = new PinnedTransport(pairing.baseUrl, {
      fingerprint: pairing.fingerprint,
      onServerDate: (dateHeader, sentAt, receivedAt) => {
        keep(clock.learn(dateHeader, sentAt, receivedAt));
        keepAnchor(clock.anchorMs());
      },
      clock: clock.monotonicNow,
    });
    transports.push(made);
    return made;
  };
  return {
    state,
    base: {
      state,
      transport,
      now,
      deadlineMs: options.deadlineMs,
      clockUnmeasured: () => clock.anchorMs() === null,
    },
    close: () => {
      for (const t of transports) t.close();
      state.close();
    },
  };
}

export function openDoor(stateFile: string, options: NodeDoorOptions = {}): NodeDoor {
  const { base, state, close } = assemble(stateFile, options);
  const device = new DoorDevice(base);
  return {
    device,
    state,
    close: async () => {
      await device.settled();
      close();
    },
  };
}

export async function pairDoor(
  stateFile: string,
  code: PairingCode,
  name: string,
  options: NodeDoorOptions = {},
): Promise<NodeDoor> {
  const { base, state, close } = assemble(stateFile, options);
  let device: DoorDevice;
  try {
    device = await DoorDevice.pair(code, name, base);
  } catch (err) {
    close();
    throw err;
  }
  return {
    device,
    state,
    close: async () => {
      await device.settled();
      close();
    },
  };
}
