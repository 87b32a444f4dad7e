/**
 * A door device on Node: state in a SQLite file, HTTPS pinned to the certificate learnt at
 * pairing. What the CLI and tests open; the renderer's door page assembles its own from
 * stored-device-state.ts (over localStorage) and fetch-transport.ts.
 */
import { SqliteDeviceState } from './device-store.js';
import { clockOffsetMs, correctedNow } from './door-clock.js';
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
  deadlineMs?: number;
}

function assemble(
  stateFile: string,
  options: NodeDoorOptions,
): { base: DoorDeviceOptions; state: SqliteDeviceState; close: () => void } {
  const state = new SqliteDeviceState(stateFile);
  const deviceClock = options.now ?? Date.now;
  // Scans go out on the server's time when this device's clock is off (door-clock.ts), from the
  // offset kept in the state file until an answer's Date header measures it again.
  let offset = state.clockOffsetMs();
  const learn = (dateHeader: string | undefined, sentAt: number, receivedAt: number) => {
    const measured = clockOffsetMs(dateHeader, sentAt, receivedAt);
    if (measured === null) return;
    if (offset === null || Math.abs(measured - offset) >= 1000) state.saveClockOffset(measured);
    offset = measured;
  };
  const transports: PinnedTransport[] = [];
  const transport = (pairing: Pairing): PinnedTransport => {
    const made = new PinnedTransport(pairing.baseUrl, {
      fingerprint: pairing.fingerprint,
      onServerDate: learn,
      clock: deviceClock,
    });
    transports.push(made);
    return made;
  };
  return {
    state,
    base: {
      state,
      transport,
      now: () => correctedNow(deviceClock(), offset),
      deadlineMs: options.deadlineMs,
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
