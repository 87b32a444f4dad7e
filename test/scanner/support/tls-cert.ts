import { X509Certificate } from 'node:crypto';
import selfsigned from 'selfsigned';

export interface TestCert {
  key: string;
  cert: string;
  /** Lower-case hex SHA-256, the SDK's canonical spelling. */
  fingerprint: string;
  /** Node's `AB:CD:…` spelling, as a server would display it. */
  fingerprint256: string;
}

/** A throwaway self-signed certificate, like the one a venue server makes on first start. */
export function makeCert(commonName = 'marquee.test'): TestCert {
  const pems = selfsigned.generate([{ name: 'commonName', value: commonName }], {
    days: 2,
    keySize: 2048,
    algorithm: 'sha256',
  });
  const fingerprint256 = new X509Certificate(pems.cert).fingerprint256;
  return {
    key: pems.private,
    cert: pems.cert,
    fingerprint256,
    fingerprint: fingerprint256.replace(/:/g, '').toLowerCase(),
  };
}
