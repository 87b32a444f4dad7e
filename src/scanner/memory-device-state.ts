/**
 * DeviceState held in memory only: the stored state without a storage adapter, for tests and
 * measurements (a page load or process exit forgets it). Browser-safe.
 */
import { StoredDeviceState } from './stored-device-state.js';

export class MemoryDeviceState extends StoredDeviceState {
  constructor() {
    super(null);
  }
}
