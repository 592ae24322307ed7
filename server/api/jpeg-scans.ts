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
export class JpegScanCounter {
  private count = 0;
  private state: State = 'prefix';
  private segment = 0;
  private length = 0;
  private left = 0;

  /** the SOS segments so far */
  get scans(): number {
    return this.count;
  }

  /** EOI (or a broken length) was reached: what follows is not read by the decoder */
  get ended(): boolean {
    return this.state === 'end';
  }

  push(chunk: Uint8Array): void {
    let at = 0;
    while (at < chunk.length && this.state !== 'end') {
      if (this.state === 'payload') {
        const step = Math.min(this.left, chunk.length - at);
        at += step;
        this.left -= step;
        if (this.left === 0) this.afterSegment();
      } else if (this.state === 'entropy' || this.state === 'prefix') {
        // the next 0xFF, found by the engine rather than a byte at a time: entropy-coded data is most of a file
        const next = chunk.indexOf(0xff, at);
        if (next < 0) return;
        at = next + 1;
        this.state = this.state === 'entropy' ? 'entropy-ff' : 'code';
      } else this.byte(chunk[at++]!);
    }
  }

  private byte(byte: number) {
    if (this.state === 'code') this.marker(byte);
    else if (this.state === 'entropy-ff') {
      // a stuffed 0x00 or a restart marker belongs to the scan's data; 0xFF is a fill byte
      if (byte === 0x00 || (byte >= 0xd0 && byte <= 0xd7)) this.state = 'entropy';
      else this.marker(byte);
    } else if (this.state === 'length-high') {
      this.length = byte << 8;
      this.state = 'length-low';
    } else if (this.state === 'length-low') {
      this.left = (this.length | byte) - 2;
      // a length below 2 is broken: the decoder will refuse the file, so nothing more needs counting
      if (this.left < 0) this.state = 'end';
      else if (this.left === 0) this.afterSegment();
      else this.state = 'payload';
    }
  }

  private marker(code: number) {
    if (code === 0xff) return;
    if (code === EOI) this.state = 'end';
    else if (standalone(code) || code === 0x00) this.state = 'prefix';
    else {
      this.segment = code;
      if (code === SOS) this.count++;
      this.state = 'length-high';
    }
  }

  private afterSegment() {
    this.state = this.segment === SOS ? 'entropy' : 'prefix';
  }
}

/** The scans of the JPEG in `path`, read 64 kB at a time; counting stops once there are more than `atMost`. */
export async function countJpegScans(path: string, atMost: number): Promise<number> {
  const counter = new JpegScanCounter();
  const stream = createReadStream(path, { highWaterMark: 64 * 1024 });
  try {
    for await (const chunk of stream) {
      counter.push(chunk as Buffer);
      if (counter.ended || counter.scans > atMost) break;
    }
  } finally {
    stream.destroy();
  }
  return counter.scans;
}
