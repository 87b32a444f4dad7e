import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addonAbi, elfShortfall } from '../../../src/main/addon-file.js';

const moduleDir = dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json'));
const linuxPrebuild = readFileSync(join(moduleDir, 'prebuilds', `linux-${process.arch}.node`));

describe('addonAbi', () => {
  it('tells Node-API from V8-ABI builds by what they export or register', () => {
    expect(addonAbi(Buffer.from('..._napi_register_module_v1...'))).toEqual({ kind: 'node-api' });
    expect(addonAbi(Buffer.from('...napi_module_register...'))).toEqual({ kind: 'node-api' });
    expect(addonAbi(Buffer.from('...node_register_module_v127...'))).toEqual({ kind: 'v8', abi: 127 });
    expect(addonAbi(Buffer.from('...node_module_register...'))).toEqual({ kind: 'v8', abi: null });
    expect(addonAbi(Buffer.from('plain text'))).toEqual({ kind: 'none' });
  });
});

describe('elfShortfall', () => {
  it('passes a whole library and anything that is not ELF', () => {
    expect(elfShortfall(linuxPrebuild)).toBeNull();
    expect(elfShortfall(Buffer.from('MZ not an ELF file'))).toBeNull();
  });

  it('names the length a cut copy claims, wherever it was cut', () => {
    for (const cut of [40, 4096, 1_000_000, linuxPrebuild.length - 1]) {
      const short = elfShortfall(linuxPrebuild.subarray(0, cut));
      expect(short, String(cut)).not.toBeNull();
      expect(short!.needs, String(cut)).toBeGreaterThan(cut);
    }
  });

  it('reads 32-bit and big-endian headers too', () => {
    // A 32-bit big-endian header whose one PT_LOAD segment runs to byte 200 of a 120-byte file.
    const elf = Buffer.alloc(120);
    elf.set([0x7f, 0x45, 0x4c, 0x46, 1, 2], 0);
    elf.writeUInt32BE(52, 0x1c); // program headers right after the ELF header
    elf.writeUInt16BE(32, 0x2a); // one of 32 bytes
    elf.writeUInt16BE(1, 0x2c);
    elf.writeUInt32BE(1, 52); // PT_LOAD
    elf.writeUInt32BE(100, 52 + 4); // p_offset
    elf.writeUInt32BE(100, 52 + 16); // p_filesz
    expect(elfShortfall(elf)).toEqual({ needs: 200 });
    elf.writeUInt32BE(20, 52 + 16);
    expect(elfShortfall(elf)).toBeNull();
  });
});
