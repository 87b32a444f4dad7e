/** Names for the scanning shapes the monitor uses, picked out of the generated schema like types.ts. */
import type { Answer } from './types.js';

export type ScanView = Answer<'/v2/scans', 'get'>['data'][number];
export type ScanReason = NonNullable<ScanView['reason']>;
export type DeviceView = Answer<'/v2/devices/{id}', 'get'>;
export type StreamTokenView = Answer<'/v2/scans/stream_token', 'post'>;

/** The `data` of an `event: ticket` feed entry: the door SDK's type (it pins it to the server's). */
export type { TicketChange } from '../../../scanner/api-types.js';
