import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tokenLifetimeSeconds, tokenSkewSeconds, type Ed25519Jwk } from '../../shared/ticket-token.js';
import type { Db } from '../store/db.js';

interface KeyRow {
  kid: string;
  public_jwk: string;
  created_at: number;
  retired_at: number | null;
  long_lived_exp: number | null;
}

interface NewKey {
  kid: string;
  jwk: Ed25519Jwk;
  row: KeyRow;
  privateKey: KeyObject;
}

interface PublicKeyEntry {
  jwk: Ed25519Jwk;
  key: KeyObject;
  retiredAt: number | null;
  /** The latest exp (unix s) of a pass or strip code this key signed; 0 when none. */
  longLivedExp: number;
}

/** RFC 7638 thumbprint, shortened: stable for a key, so the kid never needs storing separately. */
function thumbprintKid(x: string): string {
  const canonical = JSON.stringify({ crv: 'Ed25519', kty: 'OKP', x });
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 16);
}

/**
 * The active private key file cannot be used. Start-up stops with this (exit 2): without the key
 * no ticket can be sold, and quietly making a new one would hide a damaged data folder. The
 * message names the file and what to do; deleting the file is the way to a new key.
 */
export class SigningKeyDamagedError extends Error {
  constructor(file: string, detail: string) {
    super(
      `The ticket signing key ${file} is damaged (${detail}). Nothing was changed. Restore it ` +
        'from a backup of the data folder; without one, delete it and start again: the server ' +
        'then retires that key and makes a new one (tickets already sold stay valid when scanned online).',
    );
    this.name = 'SigningKeyDamagedError';
  }
}

/**
 * The store lists signing keys but the data folder has no `signing-keys/` at all: the store was
 * copied without the folder beside it (only marquee.db taken to a spare laptop). Starting would
 * quietly make a new key, and a new certificate, and every paired door would have to pair again;
 * the start stops instead and says what to copy. An empty folder made by hand is the way to new keys.
 */
export class SigningKeysFolderMissingError extends Error {
  constructor(dataDir: string, dir: string) {
    super(
      `The store in ${dataDir} holds ticket signing keys, but their folder ${dir} is not there ` +
        '(was only marquee.db copied to this computer?). Copy signing-keys/ and tls/ from the old ' +
        'data folder, or from its backup (npm run backup), into the data folder and start again. ' +
        `To start with new keys instead (every door and till then pairs again), create the empty folder ${dir}.`,
    );
    this.name = 'SigningKeysFolderMissingError';
  }
}

/** Reads the active key's PEM and checks it is the private half of the public key in the store. */
function readPrivateKey(file: string, expectedX: string | undefined): KeyObject {
  let pem: string;
  try {
    pem = readFileSync(file, 'utf8');
  } catch (err) {
    throw new SigningKeyDamagedError(file, `cannot be read: ${(err as Error).message}`);
  }
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch {
    throw new SigningKeyDamagedError(file, 'not a private key in PEM form; truncated or overwritten?');
  }
  if (key.asymmetricKeyType !== 'ed25519')
    throw new SigningKeyDamagedError(file, `an ${key.asymmetricKeyType ?? 'unknown'} key, not Ed25519`);
  const x = (createPublicKey(key).export({ format: 'jwk' }) as { x: string }).x;
  if (x !== expectedX)
    throw new SigningKeyDamagedError(file, 'it does not match the public key the store has for it');
  return key;
}

/**
 * The installation's Ed25519 ticket-signing keys. The active private key is a 0600 PEM file in
 * `<dataDir>/signing-keys/`; public halves are in the store. After a rotation the old public key
 * stays in the JWKS until every token it signed is past exp + skew: 5 minutes for rotating codes,
 * but a paper pass lives until a day after its event's doors and a wallet strip up to 36 h, so
 * each key remembers the latest exp of those it signed (`noteLongLived`).
 */
export class SigningKeys {
  private readonly dir: string;
  private readonly publicKeys = new Map<string, PublicKeyEntry>();
  private active!: { kid: string; privateKey: KeyObject };
  private readonly noteStmt;
  /**
   * The kid of an active key whose file was missing at start (deleted on purpose after it was
   * damaged, or lost): it was retired and a new key made. The app logs it.
   */
  readonly replacedMissingKid: string | null = null;
  /**
   * The kid of the store's first key, kept through every rotation: a backup of the data folder
   * carries it, a fresh install makes its own. The start compares it with other servers on the LAN
   * (twin-check.ts) to find a copy of this venue's data already running.
   */
  readonly firstKid: string;

  constructor(
    private readonly db: Db,
    dataDir: string,
    private readonly now: () => number,
  ) {
    this.dir = join(dataDir, 'signing-keys');
    const rows = db.prepare('SELECT * FROM signing_keys ORDER BY created_at').all() as KeyRow[];
    if (rows.length > 0 && !existsSync(this.dir)) throw new SigningKeysFolderMissingError(dataDir, this.dir);
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    this.noteStmt = db.prepare(
      'UPDATE signing_keys SET long_lived_exp = MAX(COALESCE(long_lived_exp, 0), ?) WHERE kid = ?',
    );
    for (const row of rows) this.remember(row);
    const current = rows.find((row) => row.retired_at === null);
    if (!current) {
      this.addKey();
      this.firstKid = rows[0]?.kid ?? this.active.kid;
      return;
    }
    this.firstKid = rows[0]!.kid;
    const file = join(this.dir, `${current.kid}.pem`);
    if (existsSync(file)) {
      const privateKey = readPrivateKey(file, this.publicKeys.get(current.kid)?.jwk.x);
      this.active = { kid: current.kid, privateKey };
    } else {
      this.rotate();
      this.replacedMissingKid = current.kid;
    }
  }

  get activeKid(): string {
    return this.active.kid;
  }

  get activePrivateKey(): KeyObject {
    return this.active.privateKey;
  }

  publicKey(kid: string): KeyObject | undefined {
    return this.publicKeys.get(kid)?.key;
  }

  /**
   * Keys a validator still needs: the active one, any retired less than a token lifetime ago, and
   * any whose passes or strip codes are not yet past exp + skew.
   */
  jwks(): { keys: Ed25519Jwk[] } {
    const now = this.now();
    const keepAfter = now - (tokenLifetimeSeconds + 2 * tokenSkewSeconds) * 1000;
    const keys = [...this.publicKeys.values()]
      .filter(
        (entry) =>
          entry.retiredAt === null ||
          entry.retiredAt > keepAfter ||
          (entry.longLivedExp + tokenSkewSeconds) * 1000 >= now,
      )
      .map((entry) => entry.jwk);
    return { keys };
  }

  /**
   * `kid` signed a pass or strip code valid until `exp` (unix s): once retired, it stays published
   * until then. Written only when the latest exp grows (a new event, doors moved later, strips as
   * time goes on), so signing a night's passes costs no writes after the first.
   */
  noteLongLived(kid: string, exp: number): void {
    const entry = this.publicKeys.get(kid);
    if (!entry || exp <= entry.longLivedExp) return;
    this.noteStmt.run(exp, kid);
    // Inside a transaction the write may yet be rolled back, and then memory would claim what the
    // store never kept: remember it only once it is surely written (the next note writes again).
    if (!this.db.inTransaction) entry.longLivedExp = exp;
  }

  /**
   * Makes a new active key; the old one signs nothing more but still verifies for a while.
   * Answers the new kid and the JWKS as it is from then on. Inside a caller's transaction, pass
   * its `afterCommit`: the keys in memory change only once the store has the new one.
   */
  rotate(afterCommit: (effect: () => void) => void = (effect) => effect()): {
    kid: string;
    keys: Ed25519Jwk[];
  } {
    const at = this.now();
    const added = this.db.transaction(() => {
      this.db.prepare('UPDATE signing_keys SET retired_at = ? WHERE retired_at IS NULL').run(at);
      return this.storeNewKey();
    })();
    // Every key listed now stays listed: retired at `at`, each verifies for a token lifetime yet.
    const keys = [...this.jwks().keys, added.jwk];
    afterCommit(() => {
      for (const entry of this.publicKeys.values()) entry.retiredAt ??= at;
      this.use(added);
    });
    return { kid: added.kid, keys };
  }

  private addKey(): void {
    this.use(this.storeNewKey());
  }

  private storeNewKey(): NewKey {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const x = (publicKey.export({ format: 'jwk' }) as { x: string }).x;
    const kid = thumbprintKid(x);
    // The private key reaches disk before the store names it, so a crash never leaves a kid
    // without its key.
    const file = join(this.dir, `${kid}.pem`);
    try {
      writeFileSync(file, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });
    } catch (err) {
      // A full disk leaves a part-written file that no row names: gone, so the folder holds only keys.
      rmSync(file, { force: true });
      throw err;
    }
    const jwk: Ed25519Jwk = {
      kty: 'OKP',
      crv: 'Ed25519',
      x,
      kid,
      alg: 'EdDSA',
      use: 'sig',
    };
    const row: KeyRow = {
      kid,
      public_jwk: JSON.stringify(jwk),
      created_at: this.now(),
      retired_at: null,
      long_lived_exp: null,
    };
    this.db
      .prepare('INSERT INTO signing_keys (kid, public_jwk, created_at, retired_at) VALUES (?, ?, ?, NULL)')
      .run(kid, row.public_jwk, row.created_at);
    return { kid, jwk, row, privateKey };
  }

  private use(key: NewKey): void {
    this.remember(key.row);
    this.active = { kid: key.kid, privateKey: key.privateKey };
  }

  private remember(row: KeyRow): void {
    const jwk = JSON.parse(row.public_jwk) as Ed25519Jwk;
    const key = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x },
      format: 'jwk',
    });
    this.publicKeys.set(row.kid, {
      jwk,
      key,
      retiredAt: row.retired_at,
      longLivedExp: row.long_lived_exp ?? 0,
    });
  }
}
