/**
 * A compact QR Code encoder (ISO/IEC 18004): byte mode, error correction level M, versions 1–10
 * (up to 213 bytes of UTF-8), automatic or fixed mask. Enough for wallet addresses, observer
 * links and invitation URLs; anything longer throws.
 */

/** The encoded symbol: `modules[row][column]`, `true` for a dark module. */
export interface QrMatrix {
  /** 1–10. */
  version: number;
  /** The mask pattern used, 0–7. */
  mask: number;
  /** Modules per side: `17 + 4 × version`. */
  size: number;
  /** Dark (`true`) and light modules, row by row, without the quiet zone. */
  modules: boolean[][];
}

/** Options of {@link encodeQr}. */
export interface EncodeQrOptions {
  /** Forces a mask pattern (0–7). Default: the one with the lowest penalty, as the standard says. */
  mask?: number;
}

/** The largest version this encoder makes. */
export const QR_MAX_VERSION = 10;

// Level M per version: error-correction codewords per block, and the blocks as
// [count, data codewords per block] groups (ISO/IEC 18004 table 9).
const BLOCKS_M: ReadonlyArray<{ ecPerBlock: number; groups: ReadonlyArray<[number, number]> }> = [
  { ecPerBlock: 10, groups: [[1, 16]] },
  { ecPerBlock: 16, groups: [[1, 28]] },
  { ecPerBlock: 26, groups: [[1, 44]] },
  { ecPerBlock: 18, groups: [[2, 32]] },
  { ecPerBlock: 24, groups: [[2, 43]] },
  { ecPerBlock: 16, groups: [[4, 27]] },
  { ecPerBlock: 18, groups: [[4, 31]] },
  {
    ecPerBlock: 22,
    groups: [
      [2, 38],
      [2, 39],
    ],
  },
  {
    ecPerBlock: 22,
    groups: [
      [3, 36],
      [2, 37],
    ],
  },
  {
    ecPerBlock: 26,
    groups: [
      [4, 43],
      [1, 44],
    ],
  },
];

// Centres of the alignment patterns per version (table E.1).
const ALIGNMENT_CENTRES: ReadonlyArray<readonly number[]> = [
  [],
  [6, 18],
  [6, 22],
  [6, 26],
  [6, 30],
  [6, 34],
  [6, 22, 38],
  [6, 24, 42],
  [6, 26, 46],
  [6, 28, 50],
];

/** Level M's two format bits are 00. */
const EC_LEVEL_M_BITS = 0b00;

function blocksOf(version: number) {
  const spec = BLOCKS_M[version - 1];
  if (!spec) throw new RangeError(`QR version ${version} is outside 1–${QR_MAX_VERSION}`);
  return spec;
}

function dataCodewordCount(version: number): number {
  return blocksOf(version).groups.reduce((sum, [count, size]) => sum + count * size, 0);
}

// ---- Reed–Solomon over GF(256) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1 ----

const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
{
  let value = 1;
  for (let power = 0; power < 255; power += 1) {
    EXP[power] = value;
    LOG[value] = power;
    value <<= 1;
    if (value & 0x100) value ^= 0x11d;
  }
  for (let power = 255; power < 512; power += 1) EXP[power] = EXP[power - 255] ?? 0;
}

function gfMultiply(a: number, b: number): number {
  if (a === 0 || b === 0) return 0;
  return EXP[(LOG[a] ?? 0) + (LOG[b] ?? 0)] ?? 0;
}

/** The generator polynomial (x − α⁰)(x − α¹)…(x − α^(degree−1)), highest power first. */
function generatorPolynomial(degree: number): number[] {
  let poly = [1];
  for (let root = 0; root < degree; root += 1) {
    const next = new Array<number>(poly.length + 1).fill(0);
    for (let index = 0; index < poly.length; index += 1) {
      const coefficient = poly[index] ?? 0;
      next[index] = (next[index] ?? 0) ^ coefficient;
      next[index + 1] = (next[index + 1] ?? 0) ^ gfMultiply(coefficient, EXP[root] ?? 0);
    }
    poly = next;
  }
  return poly;
}

/** The error-correction codewords of one block: the remainder of data·x^n divided by the generator. */
export function reedSolomonRemainder(data: readonly number[], ecCount: number): number[] {
  const generator = generatorPolynomial(ecCount);
  const remainder = new Array<number>(ecCount).fill(0);
  for (const byte of data) {
    const factor = byte ^ (remainder.shift() ?? 0);
    remainder.push(0);
    for (let index = 0; index < ecCount; index += 1) {
      remainder[index] = (remainder[index] ?? 0) ^ gfMultiply(generator[index + 1] ?? 0, factor);
    }
  }
  return remainder;
}

// ---- Data codewords ----

function encodeData(bytes: Uint8Array, version: number): number[] {
  const capacityBits = dataCodewordCount(version) * 8;
  const bits: number[] = [];
  const push = (value: number, length: number) => {
    for (let bit = length - 1; bit >= 0; bit -= 1) bits.push((value >>> bit) & 1);
  };
  push(0b0100, 4); // byte mode
  push(bytes.length, version <= 9 ? 8 : 16);
  for (const byte of bytes) push(byte, 8);
  push(0, Math.min(4, capacityBits - bits.length)); // terminator
  push(0, (8 - (bits.length % 8)) % 8);
  const codewords: number[] = [];
  for (let index = 0; index < bits.length; index += 8) {
    codewords.push(bits.slice(index, index + 8).reduce((byte, bit) => (byte << 1) | bit, 0));
  }
  for (let pad = 0; codewords.length < capacityBits / 8; pad += 1) {
    codewords.push(pad % 2 === 0 ? 0xec : 0x11);
  }
  return codewords;
}

/** Splits the data into blocks, adds each block's error correction, and interleaves them. */
function interleave(data: readonly number[], version: number): number[] {
  const { ecPerBlock, groups } = blocksOf(version);
  const dataBlocks: number[][] = [];
  let offset = 0;
  for (const [count, size] of groups) {
    for (let block = 0; block < count; block += 1) {
      dataBlocks.push(data.slice(offset, offset + size));
      offset += size;
    }
  }
  const ecBlocks = dataBlocks.map((block) => reedSolomonRemainder(block, ecPerBlock));
  const result: number[] = [];
  const longest = Math.max(...dataBlocks.map((block) => block.length));
  for (let index = 0; index < longest; index += 1) {
    for (const block of dataBlocks) if (index < block.length) result.push(block[index] ?? 0);
  }
  for (let index = 0; index < ecPerBlock; index += 1) {
    for (const block of ecBlocks) result.push(block[index] ?? 0);
  }
  return result;
}

// ---- The matrix ----

/** The 15 format bits: level and mask, BCH(15,5) protected, XOR 101010000010010. */
export function formatBits(mask: number): number {
  const data = (EC_LEVEL_M_BITS << 3) | mask;
  let remainder = data;
  for (let step = 0; step < 10; step += 1)
    remainder = (remainder << 1) ^ ((remainder >>> 9) * 0x537);
  return ((data << 10) | remainder) ^ 0x5412;
}

/** The 18 version bits (versions 7 and up): version, BCH(18,6) protected. */
export function versionBits(version: number): number {
  let remainder = version;
  for (let step = 0; step < 12; step += 1)
    remainder = (remainder << 1) ^ ((remainder >>> 11) * 0x1f25);
  return (version << 12) | remainder;
}

const MASKS: ReadonlyArray<(row: number, column: number) => boolean> = [
  (r, c) => (r + c) % 2 === 0,
  (r) => r % 2 === 0,
  (_, c) => c % 3 === 0,
  (r, c) => (r + c) % 3 === 0,
  (r, c) => (Math.floor(r / 2) + Math.floor(c / 3)) % 2 === 0,
  (r, c) => ((r * c) % 2) + ((r * c) % 3) === 0,
  (r, c) => (((r * c) % 2) + ((r * c) % 3)) % 2 === 0,
  (r, c) => (((r + c) % 2) + ((r * c) % 3)) % 2 === 0,
];

class Grid {
  readonly modules: boolean[][];
  readonly reserved: boolean[][];

  constructor(readonly size: number) {
    this.modules = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
    this.reserved = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  }

  get(row: number, column: number): boolean {
    return this.modules[row]?.[column] ?? false;
  }

  isReserved(row: number, column: number): boolean {
    return this.reserved[row]?.[column] ?? false;
  }

  /** Sets a function-pattern module, which data and masking leave alone. */
  setFunction(row: number, column: number, dark: boolean): void {
    const moduleRow = this.modules[row];
    const reservedRow = this.reserved[row];
    if (!moduleRow || !reservedRow || column < 0 || column >= this.size) return;
    moduleRow[column] = dark;
    reservedRow[column] = true;
  }

  setData(row: number, column: number, dark: boolean): void {
    const moduleRow = this.modules[row];
    if (moduleRow) moduleRow[column] = dark;
  }
}

function drawFunctionPatterns(grid: Grid, version: number): void {
  const { size } = grid;
  // Timing patterns first: the finders and alignment patterns overwrite their ends.
  for (let index = 0; index < size; index += 1) {
    grid.setFunction(6, index, index % 2 === 0);
    grid.setFunction(index, 6, index % 2 === 0);
  }
  // Finder patterns with their light separators.
  for (const [top, left] of [
    [0, 0],
    [0, size - 7],
    [size - 7, 0],
  ] as const) {
    for (let dr = -1; dr <= 7; dr += 1) {
      for (let dc = -1; dc <= 7; dc += 1) {
        const distance = Math.max(Math.abs(dr - 3), Math.abs(dc - 3));
        grid.setFunction(top + dr, left + dc, distance !== 2 && distance !== 4);
      }
    }
  }
  // Alignment patterns, except where they would overlap a finder.
  const centres = ALIGNMENT_CENTRES[version - 1] ?? [];
  const last = centres.length - 1;
  centres.forEach((row, i) => {
    centres.forEach((column, j) => {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      for (let dr = -2; dr <= 2; dr += 1) {
        for (let dc = -2; dc <= 2; dc += 1) {
          grid.setFunction(row + dr, column + dc, Math.max(Math.abs(dr), Math.abs(dc)) !== 1);
        }
      }
    });
  });
  // Reserve the format areas (drawn per mask) and draw the version areas.
  drawFormatBits(grid, 0);
  if (version >= 7) {
    const bits = versionBits(version);
    for (let index = 0; index < 18; index += 1) {
      const dark = ((bits >>> index) & 1) === 1;
      const a = size - 11 + (index % 3);
      const b = Math.floor(index / 3);
      grid.setFunction(b, a, dark);
      grid.setFunction(a, b, dark);
    }
  }
}

function drawFormatBits(grid: Grid, mask: number): void {
  const { size } = grid;
  const bits = formatBits(mask);
  const bit = (index: number) => ((bits >>> index) & 1) === 1;
  // Around the top-left finder.
  for (let index = 0; index <= 5; index += 1) grid.setFunction(index, 8, bit(index));
  grid.setFunction(7, 8, bit(6));
  grid.setFunction(8, 8, bit(7));
  grid.setFunction(8, 7, bit(8));
  for (let index = 9; index < 15; index += 1) grid.setFunction(8, 14 - index, bit(index));
  // The copy split between the other two finders, and the always-dark module.
  for (let index = 0; index < 8; index += 1) grid.setFunction(8, size - 1 - index, bit(index));
  for (let index = 8; index < 15; index += 1) grid.setFunction(size - 15 + index, 8, bit(index));
  grid.setFunction(size - 8, 8, true);
}

/** Places the codewords in the two-column zigzag from the bottom right, skipping function modules. */
function drawCodewords(grid: Grid, codewords: readonly number[]): void {
  const { size } = grid;
  const totalBits = codewords.length * 8;
  let bitIndex = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    // Column 6 is the vertical timing pattern: the pair to its left starts at column 5.
    if (right === 6) right = 5;
    // Pairs alternate direction, starting upward at the right edge.
    const goingUp = ((right + 1) & 2) === 0;
    for (let step = 0; step < size; step += 1) {
      for (let offset = 0; offset < 2; offset += 1) {
        const column = right - offset;
        const row = goingUp ? size - 1 - step : step;
        if (grid.isReserved(row, column)) continue;
        let dark = false;
        if (bitIndex < totalBits) {
          const codeword = codewords[bitIndex >>> 3] ?? 0;
          dark = ((codeword >>> (7 - (bitIndex & 7))) & 1) === 1;
          bitIndex += 1;
        }
        // Remainder bits (versions 2–6) stay light.
        grid.setData(row, column, dark);
      }
    }
  }
}

function applyMask(grid: Grid, mask: number): void {
  const rule = MASKS[mask];
  if (!rule) throw new RangeError(`QR mask ${mask} is outside 0–7`);
  for (let row = 0; row < grid.size; row += 1) {
    for (let column = 0; column < grid.size; column += 1) {
      if (!grid.isReserved(row, column) && rule(row, column)) {
        grid.setData(row, column, !grid.get(row, column));
      }
    }
  }
}

// ---- Mask penalty (ISO/IEC 18004 section 7.8.3), as zint and the standard's examples read it ----

const PENALTY_RUN = 3;
const PENALTY_BLOCK = 3;
const PENALTY_FINDER = 40;
const PENALTY_BALANCE = 10;

// The finder-like pattern dark-light-dark×3-light-dark with four light modules on one side.
const FINDER_LIKE = [true, false, true, true, true, false, true];

/** Penalties of one row or column: runs of five or more (N1) and finder-like patterns (N3). */
function linePenalty(line: readonly boolean[]): number {
  let penalty = 0;
  let runLength = 1;
  for (let index = 1; index <= line.length; index += 1) {
    if (index < line.length && line[index] === line[index - 1]) {
      runLength += 1;
    } else {
      if (runLength >= 5) penalty += PENALTY_RUN + (runLength - 5);
      runLength = 1;
    }
  }
  // Outside the symbol counts as light (the quiet zone).
  const at = (index: number) => line[index] ?? false;
  const lightRun = (from: number) => [0, 1, 2, 3].every((step) => !at(from + step));
  for (let start = 0; start + FINDER_LIKE.length <= line.length; start += 1) {
    if (!FINDER_LIKE.every((dark, offset) => at(start + offset) === dark)) continue;
    if (lightRun(start - 4)) penalty += PENALTY_FINDER;
    if (lightRun(start + FINDER_LIKE.length)) penalty += PENALTY_FINDER;
  }
  return penalty;
}

/** The standard's penalty of a masked symbol; the lowest wins. */
export function maskPenalty(modules: readonly (readonly boolean[])[]): number {
  const size = modules.length;
  let penalty = 0;
  for (let index = 0; index < size; index += 1) {
    penalty += linePenalty(modules[index] ?? []);
    penalty += linePenalty(modules.map((row) => row[index] ?? false));
  }
  for (let row = 0; row < size - 1; row += 1) {
    for (let column = 0; column < size - 1; column += 1) {
      const dark = modules[row]?.[column];
      if (
        dark === modules[row]?.[column + 1] &&
        dark === modules[row + 1]?.[column] &&
        dark === modules[row + 1]?.[column + 1]
      ) {
        penalty += PENALTY_BLOCK;
      }
    }
  }
  const darkCount = modules.reduce((sum, row) => sum + row.filter(Boolean).length, 0);
  const total = size * size;
  const deviation = Math.ceil(Math.abs(darkCount * 20 - total * 10) / total) - 1;
  return penalty + deviation * PENALTY_BALANCE;
}

/** The smallest version (1–10) that holds `byteLength` bytes at level M, or `null`. */
export function qrVersionFor(byteLength: number): number | null {
  for (let version = 1; version <= QR_MAX_VERSION; version += 1) {
    const headerBits = 4 + (version <= 9 ? 8 : 16);
    if (headerBits + byteLength * 8 <= dataCodewordCount(version) * 8) return version;
  }
  return null;
}

/**
 * Encodes text (as UTF-8, byte mode) into a QR Code at error correction level M, in the smallest
 * version from 1 to 10 that fits.
 *
 * @throws RangeError when the text needs more than version 10 (213 bytes).
 * @example
 * const { size, modules } = encodeQr('bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh');
 */
export function encodeQr(text: string, options: EncodeQrOptions = {}): QrMatrix {
  const bytes = new TextEncoder().encode(text);
  const version = qrVersionFor(bytes.length);
  if (version === null) {
    throw new RangeError(
      `QR code content is ${bytes.length} bytes; at most 213 fit (version 10-M)`,
    );
  }
  const size = 17 + 4 * version;
  const grid = new Grid(size);
  drawFunctionPatterns(grid, version);
  drawCodewords(grid, interleave(encodeData(bytes, version), version));

  let mask = options.mask;
  if (mask === undefined) {
    let lowest = Number.POSITIVE_INFINITY;
    for (let candidate = 0; candidate < 8; candidate += 1) {
      applyMask(grid, candidate);
      drawFormatBits(grid, candidate);
      const penalty = maskPenalty(grid.modules);
      if (penalty < lowest) {
        lowest = penalty;
        mask = candidate;
      }
      applyMask(grid, candidate); // masking twice restores the data
    }
  }
  const chosen = mask ?? 0;
  applyMask(grid, chosen);
  drawFormatBits(grid, chosen);
  return { version, mask: chosen, size, modules: grid.modules.map((row) => [...row]) };
}
