/**
 * The desktop's store start-up (src/main/index.ts, hostVenue and main's catch) as a plain Node
 * process, for tests that must see how a real process ends: check the binding, open the store with
 * it and print its schema version; a failed check is its one line on stderr and exit status 1.
 * Usage: node --import tsx test/support/desktop-store-start.ts <data dir> [binding file]
 */
import { join } from 'node:path';
import { checkStoreBinding, locateStoreBinding } from '../../src/main/store-binding.js';
import { openStore, schemaVersion } from '../../src/server/store/db.js';

const [dataDir, file] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: desktop-store-start.ts <data dir> [binding file]');
const binding = checkStoreBinding(file ?? locateStoreBinding(), { packaged: false });
if (!binding.ok) {
  console.error(binding.line);
  process.exit(1);
}
const db = openStore(join(dataDir, 'marquee.db'), { nativeBinding: binding.file });
console.log(`store schema ${schemaVersion(db)}`);
db.close();
