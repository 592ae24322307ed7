import { createReadStream } from 'node:fs';

type State = 'prefix' | 'code' | 'length-high' | 'length-low' | 'payload' | 'entropy' | 'entropy-ff' | 'end';

const SOS = 0xda;
const EOI = 0xd9;
/** markers without a length: SOI, TEM and the restart markers RST0-RST7 */
const standalone = (code: number) => code === 0xd8 || code === 0x01 || (code >= 0xd0 && code <= 0xd7);

/**
 * Counts a JPEG's scans (SOS segments) from its bytes, chunk by chunk, without decoding anything: it walks the
 * markers and their lengths, and after each SOS skips the entropy-coded data up to the next marker (a 0xFF not
 * followed by a stuffed 0x00 or a restart marker). Like libjpeg, it steps over stray bytes between segments and
 * over 0xFF fill bytes, and stops at EOI, after which libjpeg reads nothing (a polyglot's tail is not counted).
 */
export function jpegScanCounter(): { push: (chunk: Uint8Array) => void; scans: () => number; ended: () => boolean } {
  let state: State = 'prefix';
  let scans = 0;
  let segment = 0;
  let length = 0;
  let left = 0;

  const markerCode = (code: number) => {
    if (code === 0xff) return;
    if (code === EOI) state = 'end';
    else if (standalone(code) || code === 0x00) state = 'prefix';
    else {
      segment = code;
      if (code === SOS) scans++;
      state = 'length-high';
    }
  };

  const push = (chunk: Uint8Array) => {
    let at = 0;
    while (at < chunk.length && state !== 'end') {
      if (state === 'payload') {
        const step = Math.min(left, chunk.length - at);
        at += step;
        left -= step;
        if (left === 0) state = segment === SOS ? 'entropy' : 'prefix';
        continue;
      }
      if (state === 'entropy' || state === 'prefix') {
        // the next 0xFF, found by the engine rather than a byte at a time: entropy-coded data is most of a file
        const next = chunk.indexOf(0xff, at);
        if (next < 0) return;
        at = next + 1;
        state = state === 'entropy' ? 'entropy-ff' : 'code';
        continue;
      }
      const byte = chunk[at++]!;
      if (state === 'code') markerCode(byte);
      else if (state === 'entropy-ff') {
        // a stuffed 0x00 or a restart marker belongs to the scan's data; 0xFF is a fill byte
        if (byte === 0x00 || (byte >= 0xd0 && byte <= 0xd7)) state = 'entropy';
        else markerCode(byte);
      } else if (state === 'length-high') {
        length = byte << 8;
        state = 'length-low';
      } else if (state === 'length-low') {
        length |= byte;
        // a length below 2 is broken: the decoder will refuse the file, so nothing more needs counting
        left = length - 2;
        state = left < 0 ? 'end' : left === 0 ? (segment === SOS ? 'entropy' : 'prefix') : 'payload';
      }
    }
  };

  return { push, scans: () => scans, ended: () => state === 'end' };
}

/** The scans of the JPEG in `path`, read 64 kB at a time; counting stops once there are more than `atMost`. */
export async function countJpegScans(path: string, atMost: number): Promise<number> {
  const counter = jpegScanCounter();
  const stream = createReadStream(path, { highWaterMark: 64 * 1024 });
  try {
    for await (const chunk of stream) {
      counter.push(chunk as Buffer);
      if (counter.ended() || counter.scans() > atMost) break;
    }
  } finally {
    stream.destroy();
  }
  return counter.scans();
}
