/**
 * For tests only: a hostile progressive JPEG, made byte by byte. It is a grey square of `side` pixels (one
 * component) whose `scans` scans are all valid: one DC scan, then AC scans of coefficients 1-63 that start at bit 13
 * and refine it bit by bit down to 0, over and over. Each refinement scan makes the decoder visit every coefficient
 * of every 8x8 block, so the work grows with scans x pixels while the file stays small: each AC scan is a few dozen
 * bytes (one Huffman code that says "the next 32,767 blocks have nothing"). 6000 px and 2,600 scans: about 200 kB
 * that take libjpeg many times longer than any photo does.
 */
export function hostileJpeg(side: number, scans: number): Buffer {
  const blocks = Math.ceil(side / 8) ** 2;
  const frame = Buffer.from([8, side >> 8, side & 255, side >> 8, side & 255, 1, 1, 0x11, 0]);
  const quantization = Buffer.from([0, ...Array<number>(64).fill(1)]);
  // each table has one code of one bit: for DC "difference 0", for AC "a run of 2^14 + (14 more bits) empty blocks"
  const table = (tableClass: number, symbol: number) => Buffer.from([tableClass << 4, 1, ...Array<number>(15).fill(0), symbol]);
  const scan = (start: number, end: number, high: number, low: number) => segment(0xda, Buffer.from([1, 1, 0x00, start, end, (high << 4) | low]));
  const dc = entropyCoded(Array<number>(blocks).fill(0));
  const longestRun = [0, ...Array<number>(14).fill(1)];
  const ac = entropyCoded(Array.from({ length: Math.ceil(blocks / 32_767) }, () => longestRun).flat());
  const parts = [
    Buffer.from([0xff, 0xd8]),
    segment(0xdb, quantization),
    segment(0xc2, frame),
    segment(0xc4, Buffer.concat([table(0, 0x00), table(1, 0xe0)])),
    scan(0, 0, 0, 0),
    dc,
  ];
  for (let i = 1; i < scans; i++) {
    // a first scan at bit 13, then 13 refinements down to bit 0: the progression libjpeg checks stays consistent
    const step = (i - 1) % 14;
    parts.push(step === 0 ? scan(1, 63, 0, 13) : scan(1, 63, 14 - step, 13 - step), ac);
  }
  parts.push(Buffer.from([0xff, 0xd9]));
  return Buffer.concat(parts);
}

function segment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** Bits as entropy-coded bytes: padded with 1 bits, and a 0x00 stuffed after each 0xFF as JPEG requires. */
function entropyCoded(bits: number[]): Buffer {
  const bytes: number[] = [];
  const push = (byte: number) => (byte === 0xff ? bytes.push(0xff, 0) : bytes.push(byte));
  let byte = 0;
  let count = 0;
  for (const bit of bits) {
    byte = (byte << 1) | bit;
    if (++count === 8) {
      push(byte);
      byte = 0;
      count = 0;
    }
  }
  if (count > 0) push(((byte << (8 - count)) | ((1 << (8 - count)) - 1)) & 0xff);
  return Buffer.from(bytes);
}
