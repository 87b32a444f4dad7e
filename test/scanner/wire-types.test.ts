import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { FeedTicketChangeView } from '../../src/server/schemas/scans.js';
import type { FeedRow } from '../../src/server/store/door-feed-repo.js';
import type { Answer } from '../../src/shared/api/path-types.js';
import { scanReasons, type ScanReason } from '../../src/shared/scan-reasons.js';
import type { Ed25519Jwk, TokenRejection } from '../../src/shared/ticket-token.js';
import type {
  DoorPack,
  Jwks,
  RejectReason,
  RevokedStatus,
  ScanView,
  SyncRequest,
  TicketChange,
} from '../../src/scanner/api-types.js';
import type { StateChanges } from '../../src/scanner/device-state.js';
import type { OfflineDecision } from '../../src/scanner/types.js';

/**
 * The SDK's wire types come from the generated schema; these pin the few hand-written types that
 * meet them. The expectTypeOf lines are checked by `npm run typecheck` (tsc covers test/), so a
 * drift fails the build; the runtime checks read the committed OpenAPI document.
 */
describe('door SDK wire types', () => {
  it('hand-written types that meet the wire equal the generated ones', () => {
    // The validator decodes keys typed by the shared token module: the same JWK the server declares.
    expectTypeOf<Ed25519Jwk>().toEqualTypeOf<Jwks['keys'][number]>();
    expectTypeOf<DoorPack['jwks']>().toEqualTypeOf<Jwks>();
    // One reason list for the server schema, the offline validator and the UI.
    expectTypeOf<RejectReason>().toEqualTypeOf<ScanReason>();
    expectTypeOf<TokenRejection>().toExtend<RejectReason>();
    // The feed's `event: scan` is the same view as a /v2/scans item (formatFeedRow uses viewScan).
    expectTypeOf<ScanView>().toEqualTypeOf<Answer<'/v2/scans', 'get'>['data'][number]>();
    // What the device stores of a pack's revocations is what the pack says.
    expectTypeOf<StateChanges['revoked'][number]>().toEqualTypeOf<DoorPack['revoked'][number]>();
    expectTypeOf<RevokedStatus>().toEqualTypeOf<'voided' | 'transferred'>();
    // The feed's `event: ticket` is the schema the server builds it with (formatFeedRow).
    expectTypeOf<TicketChange>().toEqualTypeOf<FeedTicketChangeView>();
    expectTypeOf<FeedRow['change']>().toEqualTypeOf<TicketChange['change']>();
    // An offline decision uploads as a sync scan without conversion.
    expectTypeOf<Pick<OfflineDecision, 'result' | 'reason' | 'direction'>>().toExtend<
      Pick<SyncRequest['scans'][number], 'result' | 'reason' | 'direction'>
    >();

    const document = JSON.parse(readFileSync(join(process.cwd(), 'src/shared/api/openapi.json'), 'utf8')) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const reasonsIn = (path: string, method: string): unknown => {
      const text = JSON.stringify(document.paths[path]?.[method]);
      const match = /"enum":(\["malformed"[^\]]*\])/.exec(text);
      return match ? JSON.parse(match[1]!) : null;
    };
    expect(reasonsIn('/v2/scan/validate', 'post')).toEqual([...scanReasons]);
    expect(reasonsIn('/v2/scan/sync', 'post')).toEqual([...scanReasons]);
  });
});
