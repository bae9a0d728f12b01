import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { encodeQr, type QrMatrix } from './encodeQr';
import { QRCode } from './QRCode';

const meta = {
  title: 'Base/QRCode',
  component: QRCode,
  args: { value: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh', label: 'Deposit address QR code' },
} satisfies Meta<typeof QRCode>;

export default meta;
type Story = StoryObj<typeof meta>;

const toRows = (matrix: QrMatrix) =>
  matrix.modules.map((row) => row.map((dark) => (dark ? '1' : '0')).join(''));

// ISO/IEC 18004 Figure 1, "QR Code Symbol" as 1-M with mask 101, as reproduced in zint's
// test suite (backend/tests/test_qr.c), where BWIPP agrees.
const ISO_FIGURE_1_MASK_5 = [
  '111111100001101111111',
  '100000101001101000001',
  '101110101110101011101',
  '101110101010001011101',
  '101110100000101011101',
  '100000100010101000001',
  '111111101010101111111',
  '000000001100100000000',
  '100000101111011001110',
  '100010001110001000111',
  '011101111001100100010',
  '110100001011010100110',
  '011111111110001011011',
  '000000001000000010110',
  '111111100111111000110',
  '100000100010011011100',
  '101110100000111000111',
  '101110100100001010100',
  '101110100100101010011',
  '100000100001110111100',
  '111111101011001010010',
];

// The same text with the mask zint's penalty rule chooses (110).
const ZINT_AUTO_MASK_6 = [
  '111111101001101111111',
  '100000101001101000001',
  '101110101100101011101',
  '101110100010001011101',
  '101110101001101011101',
  '100000100001101000001',
  '111111101010101111111',
  '000000000100100000000',
  '100111111101010010111',
  '100010001110001000111',
  '010100110000101101011',
  '110111001000010111110',
  '011111111110001011011',
  '000000001000011010101',
  '111111101101101010100',
  '100000101010011011100',
  '101110101001110001110',
  '101110101111001001100',
  '101110100100101010011',
  '100000100001101111111',
  '111111101001011000000',
];

// ---- An independent reader, written from the standard, to check what the encoder makes ----

// Level M blocks as the standard lists them: [count, total codewords, data codewords].
const STANDARD_BLOCKS_M: Record<number, Array<[number, number, number]>> = {
  1: [[1, 26, 16]],
  2: [[1, 44, 28]],
  3: [[1, 70, 44]],
  4: [[2, 50, 32]],
  5: [[2, 67, 43]],
  6: [[4, 43, 27]],
  7: [[4, 49, 31]],
  8: [
    [2, 60, 38],
    [2, 61, 39],
  ],
  9: [
    [3, 58, 36],
    [2, 59, 37],
  ],
  10: [
    [4, 69, 43],
    [1, 70, 44],
  ],
};

/** Alignment centres by the standard's spacing rule rather than a table. */
function alignmentCentres(version: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const last = 4 * version + 10;
  const step = Math.ceil((last - 6) / (count - 1) / 2) * 2;
  const centres = [6];
  for (let index = count - 2; index >= 0; index -= 1) centres.splice(1, 0, last - index * step);
  return [...new Set(centres)].sort((a, b) => a - b);
}

/** Remainder of a GF(2) polynomial division (bits as integers). */
function gf2Mod(value: number, generator: number): number {
  const degree = Math.floor(Math.log2(generator));
  let rest = value;
  for (let bit = Math.floor(Math.log2(Math.max(rest, 1))); bit >= degree; bit -= 1) {
    if ((rest >>> bit) & 1) rest ^= generator << (bit - degree);
  }
  return rest;
}

function gfTables() {
  const exp: number[] = [];
  const log: number[] = new Array(256).fill(0);
  let value = 1;
  for (let power = 0; power < 255; power += 1) {
    exp[power] = value;
    log[value] = power;
    value = value & 0x80 ? ((value << 1) ^ 0x11d) & 0xff : value << 1;
  }
  return { exp, log };
}

/** Reads a symbol back: format, version, data, error correction, text. Throws on any fault. */
function readQr(modules: boolean[][]) {
  const size = modules.length;
  const version = (size - 17) / 4;
  const at = (row: number, column: number) => modules[row]?.[column] === true;
  const bits = (cells: Array<[number, number]>) =>
    cells.reduce((value, [row, column]) => (value << 1) | (at(row, column) ? 1 : 0), 0);

  // Format information, most significant bit first, both copies.
  const firstCopy = bits([
    [8, 0],
    [8, 1],
    [8, 2],
    [8, 3],
    [8, 4],
    [8, 5],
    [8, 7],
    [8, 8],
    [7, 8],
    [5, 8],
    [4, 8],
    [3, 8],
    [2, 8],
    [1, 8],
    [0, 8],
  ]);
  const secondCopy = bits([
    [size - 1, 8],
    [size - 2, 8],
    [size - 3, 8],
    [size - 4, 8],
    [size - 5, 8],
    [size - 6, 8],
    [size - 7, 8],
    [8, size - 8],
    [8, size - 7],
    [8, size - 6],
    [8, size - 5],
    [8, size - 4],
    [8, size - 3],
    [8, size - 2],
    [8, size - 1],
  ]);
  const format = firstCopy ^ 0x5412;
  const versionBlock: Array<[number, number]> = [];
  const versionBlockMirror: Array<[number, number]> = [];
  for (let index = 17; index >= 0; index -= 1) {
    versionBlock.push([size - 11 + (index % 3), Math.floor(index / 3)]);
    versionBlockMirror.push([Math.floor(index / 3), size - 11 + (index % 3)]);
  }
  const versionInfo = version >= 7 ? bits(versionBlock) : null;

  // Which modules are function patterns.
  const isFunction = (row: number, column: number) => {
    if (row === 6 || column === 6) return true;
    if (row <= 8 && column <= 8) return true;
    if (row <= 8 && column >= size - 8) return true;
    if (row >= size - 8 && column <= 8) return true;
    if (version >= 7 && ((row < 6 && column >= size - 11) || (column < 6 && row >= size - 11))) {
      return true;
    }
    const centres = alignmentCentres(version);
    return centres.some((cr) =>
      centres.some(
        (cc) =>
          !(
            (cr === 6 && cc === 6) ||
            (cr === 6 && cc === size - 7) ||
            (cr === size - 7 && cc === 6)
          ) &&
          Math.abs(row - cr) <= 2 &&
          Math.abs(column - cc) <= 2,
      ),
    );
  };

  const mask = (format >>> 10) & 0b111;
  const maskRules: Array<(i: number, j: number) => boolean> = [
    (i, j) => (i + j) % 2 === 0,
    (i) => i % 2 === 0,
    (_, j) => j % 3 === 0,
    (i, j) => (i + j) % 3 === 0,
    (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
    (i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
    (i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
    (i, j) => (((i * j) % 3) + ((i + j) % 2)) % 2 === 0,
  ];
  const rule = maskRules[mask] ?? (() => false);

  // The zigzag: pairs of columns from the right, up then down, skipping column 6.
  const stream: number[] = [];
  let upward = true;
  for (let right = size - 1; right > 0; right -= 2) {
    if (right === 6) right -= 1;
    for (let step = 0; step < size; step += 1) {
      const row = upward ? size - 1 - step : step;
      for (const column of [right, right - 1]) {
        if (!isFunction(row, column)) stream.push(at(row, column) !== rule(row, column) ? 1 : 0);
      }
    }
    upward = !upward;
  }
  const groups = STANDARD_BLOCKS_M[version] ?? [];
  const totalCodewords = groups.reduce((sum, [count, total]) => sum + count * total, 0);
  const codewords: number[] = [];
  for (let index = 0; index < totalCodewords; index += 1) {
    codewords.push(stream.slice(index * 8, index * 8 + 8).reduce((v, b) => (v << 1) | b, 0));
  }

  // Undo the interleaving: data codewords round-robin, then error correction round-robin.
  const blocks = groups.flatMap(([count, total, data]) =>
    Array.from({ length: count }, () => ({ total, data, codewords: [] as number[] })),
  );
  let cursor = 0;
  const longestData = Math.max(...blocks.map((block) => block.data));
  for (let index = 0; index < longestData; index += 1) {
    for (const block of blocks)
      if (index < block.data) block.codewords.push(codewords[cursor++] ?? -1);
  }
  const ecCount = (blocks[0]?.total ?? 0) - (blocks[0]?.data ?? 0);
  for (let index = 0; index < ecCount; index += 1) {
    for (const block of blocks) block.codewords.push(codewords[cursor++] ?? -1);
  }

  // Every block is a Reed–Solomon codeword: its syndromes at α^0…α^(ec−1) are zero.
  const { exp, log } = gfTables();
  const syndromes = blocks.flatMap((block) =>
    Array.from({ length: ecCount }, (_, power) =>
      block.codewords.reduce((sum, coefficient, index) => {
        const degree = block.codewords.length - 1 - index;
        if (coefficient === 0) return sum;
        return sum ^ (exp[((log[coefficient] ?? 0) + power * degree) % 255] ?? 0);
      }, 0),
    ),
  );

  // The data bit stream: byte mode, count, bytes.
  const data = blocks.flatMap((block) => block.codewords.slice(0, block.data));
  const dataBits = data.flatMap((byte) =>
    Array.from({ length: 8 }, (_, bit) => (byte >>> (7 - bit)) & 1),
  );
  const read = (from: number, length: number) =>
    dataBits.slice(from, from + length).reduce((v, b) => (v << 1) | b, 0);
  const countBits = version <= 9 ? 8 : 16;
  const byteCount = read(4, countBits);
  const bytes = Array.from({ length: byteCount }, (_, index) => read(4 + countBits + index * 8, 8));

  return {
    version,
    mask,
    formatCopiesEqual: firstCopy === secondCopy,
    formatValid: gf2Mod(format, 0x537) === 0,
    errorCorrectionBits: format >>> 13,
    versionValid:
      versionInfo === null ||
      (gf2Mod(versionInfo, 0x1f25) === 0 &&
        versionInfo >>> 12 === version &&
        versionInfo === bits(versionBlockMirror)),
    syndromesZero: syndromes.every((value) => value === 0),
    mode: read(0, 4),
    text: new TextDecoder().decode(new Uint8Array(bytes)),
  };
}

/** Whether the 7×7 finder (with its light separator) sits with its corner at (top, left). */
function hasFinder(modules: boolean[][], top: number, left: number): boolean {
  for (let dr = 0; dr < 7; dr += 1) {
    for (let dc = 0; dc < 7; dc += 1) {
      const ring = Math.max(Math.abs(dr - 3), Math.abs(dc - 3));
      if ((modules[top + dr]?.[left + dc] ?? false) !== (ring !== 2)) return false;
    }
  }
  return true;
}

/** Rebuilds the module grid from the rendered SVG path. */
function modulesFromSvg(svg: SVGSVGElement, size: number, quietZone: number): boolean[][] {
  const modules = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const d = svg.querySelector('path')?.getAttribute('d') ?? '';
  for (const [, x, y, width] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let offset = 0; offset < Number(width); offset += 1) {
      const row = modules[Number(y) - quietZone];
      if (row) row[Number(x) - quietZone + offset] = true;
    }
  }
  return modules;
}

export const Typical: Story = {
  play: async ({ canvasElement }) => {
    const svg = within(canvasElement).getByRole('img', { name: 'Deposit address QR code' });
    const matrix = encodeQr('bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh');
    await expect(svg).toHaveAttribute('data-version', String(matrix.version));
    await expect(svg).toHaveAttribute('viewBox', `0 0 ${matrix.size + 8} ${matrix.size + 8}`);
    // What is drawn is exactly the encoded matrix.
    await expect(modulesFromSvg(svg as unknown as SVGSVGElement, matrix.size, 4)).toEqual(
      matrix.modules,
    );
  },
};

export const KnownMatrix: Story = {
  args: { value: 'QR Code Symbol', label: 'QR Code Symbol' },
  play: async () => {
    // Same bits as the standard's own figure when given its mask…
    await expect(toRows(encodeQr('QR Code Symbol', { mask: 5 }))).toEqual(ISO_FIGURE_1_MASK_5);
    // …and as zint's when the penalty rule picks the mask.
    const auto = encodeQr('QR Code Symbol');
    await expect(auto.mask).toBe(6);
    await expect(toRows(auto)).toEqual(ZINT_AUTO_MASK_6);
  },
};

const samples = [
  'QR Code Symbol',
  'https://pool.example/observer/5f2c9a1e7b3d4c8a',
  'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
  'k:6d8a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8',
  '矿池观察者链接：https://pool.example/o/abc — ウォレット — 지갑',
  'x'.repeat(110),
  'https://pool.example/invite?code=ABCDEFGH&utm_source=qr'.repeat(3),
  'z'.repeat(213),
];

export const RoundTrip: Story = {
  args: { value: samples[4] ?? '' },
  play: async () => {
    const versions = new Set<number>();
    for (const text of samples) {
      const matrix = encodeQr(text);
      versions.add(matrix.version);
      await expect(matrix.size).toBe(17 + 4 * matrix.version);
      for (const [top, left] of [
        [0, 0],
        [0, matrix.size - 7],
        [matrix.size - 7, 0],
      ] as const) {
        await expect(hasFinder(matrix.modules, top, left)).toBe(true);
      }
      for (let index = 8; index < matrix.size - 8; index += 1) {
        await expect(matrix.modules[6]?.[index]).toBe(index % 2 === 0);
        await expect(matrix.modules[index]?.[6]).toBe(index % 2 === 0);
      }
      const read = readQr(matrix.modules);
      await expect(read).toEqual({
        version: matrix.version,
        mask: matrix.mask,
        formatCopiesEqual: true,
        formatValid: true,
        errorCorrectionBits: 0b00,
        versionValid: true,
        syndromesZero: true,
        mode: 0b0100,
        text,
      });
    }
    // The samples reach single- and multi-block versions, version information and 16-bit counts.
    await expect([...versions].sort((a, b) => a - b)).toEqual([1, 3, 4, 5, 7, 9, 10]);
    await expect(() => encodeQr('z'.repeat(214))).toThrow(RangeError);
  },
};

export const EveryMaskReads: Story = {
  args: { value: 'https://pool.example/observer/5f2c9a1e7b3d4c8a' },
  play: async ({ args }) => {
    for (let mask = 0; mask < 8; mask += 1) {
      const read = readQr(encodeQr(args.value, { mask }).modules);
      await expect(read.mask).toBe(mask);
      await expect(read.syndromesZero).toBe(true);
      await expect(read.text).toBe(args.value);
    }
  },
};

export const LongContent: Story = {
  args: { value: samples[7] ?? '', size: 240, label: 'Version 10 QR code' },
  play: async ({ canvasElement }) => {
    const svg = within(canvasElement).getByRole('img', { name: 'Version 10 QR code' });
    await expect(svg).toHaveAttribute('data-version', '10');
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };

export const Japanese: Story = {
  args: { label: undefined },
  globals: { locale: 'ja' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'QR コード' })).toBeInTheDocument();
  },
};

export const Narrow: Story = {
  args: { size: 480 },
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    const svg = within(canvasElement).getByRole('img');
    await expect(svg.getBoundingClientRect().width).toBeLessThanOrEqual(375);
  },
};
