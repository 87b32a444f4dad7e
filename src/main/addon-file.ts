/**
 * What a native addon file says about itself, read from its bytes without loading it: loading is
 * the step that can take the whole process down (see elfShortfall), so it comes last.
 */

/**
 * Node-API addons export `napi_register_module_v1` (older ones call `napi_module_register` from a
 * static constructor) and load in any runtime with Node-API, Electron included. V8-ABI addons
 * export `node_register_module_v<ABI>` (or call `node_module_register`) and load only where
 * `process.versions.modules` is that ABI. Mach-O prefixes symbols with `_`: a substring still matches.
 */
export type AddonAbi = { kind: 'node-api' } | { kind: 'v8'; abi: number | null } | { kind: 'none' };

export function addonAbi(bytes: Buffer): AddonAbi {
  if (bytes.includes('napi_register_module_v1') || bytes.includes('napi_module_register')) {
    return { kind: 'node-api' };
  }
  const versioned = /node_register_module_v(\d+)/.exec(bytes.toString('latin1'));
  if (versioned) return { kind: 'v8', abi: Number(versioned[1]) };
  if (bytes.includes('node_module_register')) return { kind: 'v8', abi: null };
  return { kind: 'none' };
}

const elfMagic = Buffer.from([0x7f, 0x45, 0x4c, 0x46]);
const ptLoad = 1;

/** Field offsets of the ELF header and program header, by class (1: 32-bit, 2: 64-bit). */
const layout = {
  1: { header: 52, phoff: 0x1c, shoff: 0x20, phentsize: 0x2a, sh: 0x2e, pOffset: 4, pFilesz: 16, word: 4 },
  2: { header: 64, phoff: 0x20, shoff: 0x28, phentsize: 0x36, sh: 0x3a, pOffset: 8, pFilesz: 32, word: 8 },
} as const;

/**
 * How many bytes an ELF file claims to span, when that is more than it has; null when it is whole
 * or not ELF. The check exists because glibc's loader maps a truncated library without checking its
 * length, and the first touch of a page past the end kills the process with SIGBUS — no try/catch
 * survives that (measured: a better-sqlite3 prebuild cut anywhere in its first 90 % does it).
 * Mach-O (dyld) and PE (Windows) loaders refuse such files with an ordinary, catchable error.
 */
export function elfShortfall(bytes: Buffer): { needs: number } | null {
  if (bytes.length < 6 || !bytes.subarray(0, 4).equals(elfMagic)) return null;
  const elfClass = bytes[4];
  if (elfClass !== 1 && elfClass !== 2) return { needs: Number.MAX_SAFE_INTEGER };
  const at = layout[elfClass];
  if (bytes.length < at.header) return { needs: at.header };
  const little = bytes[5] !== 2;
  const u16 = (offset: number): number => (little ? bytes.readUInt16LE(offset) : bytes.readUInt16BE(offset));
  const word = (offset: number): number => {
    if (at.word === 4) return little ? bytes.readUInt32LE(offset) : bytes.readUInt32BE(offset);
    return Number(little ? bytes.readBigUInt64LE(offset) : bytes.readBigUInt64BE(offset));
  };
  const phoff = word(at.phoff);
  const phentsize = u16(at.phentsize);
  const phnum = u16(at.phentsize + 2);
  const shoff = word(at.shoff);
  const shentsize = u16(at.sh);
  const shnum = u16(at.sh + 2);
  let needs = Math.max(phoff + phentsize * phnum, shoff === 0 ? 0 : shoff + shentsize * Math.max(shnum, 1));
  if (phoff + phentsize * phnum <= bytes.length) {
    for (let i = 0; i < phnum; i += 1) {
      const entry = phoff + i * phentsize;
      const type = little ? bytes.readUInt32LE(entry) : bytes.readUInt32BE(entry);
      if (type === ptLoad) needs = Math.max(needs, word(entry + at.pOffset) + word(entry + at.pFilesz));
    }
  }
  return needs > bytes.length ? { needs } : null;
}
