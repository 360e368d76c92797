// The one DLL Wine 8 lacks for the project's Windows binaries. Programs built with Rust 1.78 or
// later (rolldown, which Vite and so Vitest load; lightningcss; @napi-rs/keyring) import
// `ProcessPrng` from bcryptprimitives.dll, which Wine ships from 9.0 on; without it their .node
// files fail to load ("Module not found."). better-sqlite3 and Node need nothing more.
//
// The DLL written here has no code: one export, `ProcessPrng`, forwarded to advapi32's
// `SystemFunction036` (RtlGenRandom), which Wine 8 has. The two fill a buffer with random bytes
// and take (buffer, length) in the same registers; ProcessPrng's length is 64-bit and
// RtlGenRandom's 32-bit, which is the same for any buffer under 4 GB, and Rust ignores the answer
// (ProcessPrng is documented to always return TRUE).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SECTION_RVA = 0x1000;
const FILE_ALIGNMENT = 0x200;

/** A PE32+ DLL named `dll` whose only export `name` forwards to `target` ("module.Function"). */
export function forwardingDll(dll: string, name: string, target: string): Buffer {
  // The export section: its directory (40 bytes), one function, one name, one ordinal, then the
  // strings. A function whose address falls inside the export directory is a forwarder: the
  // loader reads the string there instead of jumping to it.
  const strings = [dll, name, target].map((s) => Buffer.from(`${s}\0`, 'latin1'));
  const [dllName, exportName, forward] = strings as [Buffer, Buffer, Buffer];
  const functions = 40;
  const names = functions + 4;
  const ordinals = names + 4;
  const dllNameAt = ordinals + 2;
  const exportNameAt = dllNameAt + dllName.length;
  const forwardAt = exportNameAt + exportName.length;
  const size = forwardAt + forward.length;
  const section = Buffer.alloc(FILE_ALIGNMENT);
  section.writeUInt32LE(SECTION_RVA + dllNameAt, 12); // Name
  section.writeUInt32LE(1, 16); // Base (first ordinal)
  section.writeUInt32LE(1, 20); // NumberOfFunctions
  section.writeUInt32LE(1, 24); // NumberOfNames
  section.writeUInt32LE(SECTION_RVA + functions, 28);
  section.writeUInt32LE(SECTION_RVA + names, 32);
  section.writeUInt32LE(SECTION_RVA + ordinals, 36);
  section.writeUInt32LE(SECTION_RVA + forwardAt, functions);
  section.writeUInt32LE(SECTION_RVA + exportNameAt, names);
  section.writeUInt16LE(0, ordinals);
  dllName.copy(section, dllNameAt);
  exportName.copy(section, exportNameAt);
  forward.copy(section, forwardAt);

  const headers = Buffer.alloc(FILE_ALIGNMENT);
  headers.write('MZ', 0, 'latin1');
  headers.writeUInt32LE(0x40, 0x3c); // e_lfanew: the PE header follows the DOS header
  let at = 0x40;
  const u8 = (v: number): void => {
    at = headers.writeUInt8(v, at);
  };
  const u16 = (v: number): void => {
    at = headers.writeUInt16LE(v, at);
  };
  const u32 = (v: number): void => {
    at = headers.writeUInt32LE(v, at);
  };
  const u64 = (v: bigint): void => {
    at = headers.writeBigUInt64LE(v, at);
  };
  headers.write('PE\0\0', at, 'latin1');
  at += 4;
  // COFF header: x64, one section, a 240-byte optional header; an executable image that is a DLL.
  u16(0x8664);
  u16(1);
  u32(0);
  u32(0);
  u32(0);
  u16(240);
  u16(0x2022);
  // Optional header (PE32+).
  u16(0x20b);
  u8(14);
  u8(0);
  u32(0); // SizeOfCode
  u32(FILE_ALIGNMENT); // SizeOfInitializedData
  u32(0);
  u32(0); // AddressOfEntryPoint: none (no DllMain)
  u32(SECTION_RVA); // BaseOfCode
  u64(0x180000000n); // ImageBase
  u32(0x1000); // SectionAlignment
  u32(FILE_ALIGNMENT);
  u16(6); // OS version 6.0
  u16(0);
  u16(0); // image version
  u16(0);
  u16(6); // subsystem version 6.0
  u16(0);
  u32(0);
  u32(SECTION_RVA + 0x1000); // SizeOfImage
  u32(FILE_ALIGNMENT); // SizeOfHeaders
  u32(0); // CheckSum
  u16(3); // Subsystem: console
  u16(0x160); // DllCharacteristics: high-entropy VA, dynamic base, NX compatible
  u64(0x100000n); // stack reserve
  u64(0x1000n); // stack commit
  u64(0x100000n); // heap reserve
  u64(0x1000n); // heap commit
  u32(0); // LoaderFlags
  u32(16); // NumberOfRvaAndSizes
  u32(SECTION_RVA); // the export directory
  u32(size);
  at += 15 * 8; // the other 15 directories: none
  // The one section.
  headers.write('.edata\0\0', at, 'latin1');
  at += 8;
  u32(size); // VirtualSize
  u32(SECTION_RVA);
  u32(FILE_ALIGNMENT); // SizeOfRawData
  u32(FILE_ALIGNMENT); // PointerToRawData
  u32(0);
  u32(0);
  u16(0);
  u16(0);
  u32(0x40000040); // initialized data, readable
  return Buffer.concat([headers, section]);
}

/** Puts the DLLs Wine 8 lacks into the prefix's system32. */
export function addMissingDlls(prefix: string): void {
  writeFileSync(
    join(prefix, 'drive_c/windows/system32/bcryptprimitives.dll'),
    forwardingDll('bcryptprimitives.dll', 'ProcessPrng', 'advapi32.SystemFunction036'),
  );
}
