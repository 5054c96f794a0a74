/**
 * The keys an import has met so far in its file (account numbers, mobiles, e-mails), each with the row it was first
 * on, held in typed arrays rather than a Map of strings: 12 bytes a slot (at most 0.8 of them used) instead of ~70 bytes and the key string
 * kept alive, so a 100,000-row file's duplicate checks take a few MiB (H-2, docs/benchmarks.md). A key is stored as
 * two independent 32-bit hashes; two different keys of one file are taken for the same only when both collide (a
 * chance of about 3 in 10^10 for a full file of 100,000 keys), which would refuse a row as a duplicate in the file.
 */
export class FileKeys {
  private high = new Uint32Array(1024);
  private low = new Uint32Array(1024);
  /** The row plus one (0: an empty slot). */
  private rows = new Uint32Array(1024);
  private size = 0;

  /** The row `key` was first met on, or undefined (and `row` is remembered for it). */
  firstRow(key: string, row: number): number | undefined {
    // Linear probing stays short up to a load of 0.8.
    if ((this.size + 1) * 5 > this.rows.length * 4) this.grow();
    const [h, l] = hashes(key);
    const mask = this.rows.length - 1;
    for (let at = (h ^ l) & mask; ; at = (at + 1) & mask) {
      const stored = this.rows[at] as number;
      if (stored === 0) {
        this.high[at] = h;
        this.low[at] = l;
        this.rows[at] = row + 1;
        this.size += 1;
        return undefined;
      }
      if (this.high[at] === h && this.low[at] === l) return stored - 1;
    }
  }

  private grow(): void {
    const { high, low, rows } = this;
    this.high = new Uint32Array(rows.length * 2);
    this.low = new Uint32Array(rows.length * 2);
    this.rows = new Uint32Array(rows.length * 2);
    const mask = this.rows.length - 1;
    for (let i = 0; i < rows.length; i += 1) {
      if (rows[i] === 0) continue;
      const h = high[i] as number;
      const l = low[i] as number;
      let at = (h ^ l) & mask;
      while (this.rows[at] !== 0) at = (at + 1) & mask;
      this.high[at] = h;
      this.low[at] = l;
      this.rows[at] = rows[i] as number;
    }
  }
}

/** Two 32-bit hashes of a string's UTF-16 units: FNV-1a, and a MurmurHash3-style mix with its own seed. */
function hashes(key: string): [number, number] {
  let fnv = 0x811c9dc5;
  let murmur = 0x9747b28c ^ key.length;
  for (let i = 0; i < key.length; i += 1) {
    const unit = key.charCodeAt(i);
    fnv = Math.imul(fnv ^ unit, 0x01000193);
    let k = Math.imul(unit, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    murmur ^= Math.imul(k, 0x1b873593);
    murmur = (murmur << 13) | (murmur >>> 19);
    murmur = (Math.imul(murmur, 5) + 0xe6546b64) | 0;
  }
  murmur ^= murmur >>> 16;
  murmur = Math.imul(murmur, 0x85ebca6b);
  murmur ^= murmur >>> 13;
  murmur = Math.imul(murmur, 0xc2b2ae35);
  murmur ^= murmur >>> 16;
  return [fnv >>> 0, murmur >>> 0];
}
