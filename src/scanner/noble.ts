/**
 * @noble/ed25519 with its synchronous SHA-512 wired in. Pure JavaScript on purpose: the same
 * verifier runs on a Node door device and in the renderer's door page, where node:crypto is absent.
 */
import * as ed from '@noble/ed25519';
import { sha512 } from '@noble/hashes/sha2.js';

ed.hashes.sha512 = sha512;

export function verifyEd25519(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
  try {
    return ed.verify(signature, message, publicKey);
  } catch {
    // noble throws on a malformed point or signature encoding: to a door that is just a bad signature.
    return false;
  }
}
