/**
 * A bounded min-heap keeping the k largest scores seen, with their row numbers. Brute-force search
 * scores every row; the heap makes keeping the best k cost O(log k) per row instead of a full sort.
 */
export class TopK {
  private readonly scores: Float64Array;
  private readonly rows: Int32Array;
  private count = 0;

  constructor(readonly k: number) {
    this.scores = new Float64Array(k);
    this.rows = new Int32Array(k);
  }

  /** The smallest score kept, or -Infinity while fewer than k are kept. */
  get threshold(): number {
    return this.count < this.k ? -Infinity : this.scores[0];
  }

  /** Offers a row; kept if it is among the k best so far. */
  push(row: number, score: number): void {
    if (this.count < this.k) {
      let i = this.count++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (this.scores[parent] <= score) break;
        this.scores[i] = this.scores[parent];
        this.rows[i] = this.rows[parent];
        i = parent;
      }
      this.scores[i] = score;
      this.rows[i] = row;
    } else if (score > this.scores[0]) {
      this.siftDown(row, score);
    }
  }

  /** The kept rows, best first. */
  sorted(): { row: number; score: number }[] {
    const out: { row: number; score: number }[] = [];
    for (let i = 0; i < this.count; i++) out.push({ row: this.rows[i], score: this.scores[i] });
    return out.sort((a, b) => b.score - a.score || a.row - b.row);
  }

  /** Replaces the root (the smallest) with a better entry and restores the heap. */
  private siftDown(row: number, score: number): void {
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= this.count) break;
      const right = left + 1;
      const child = right < this.count && this.scores[right] < this.scores[left] ? right : left;
      if (this.scores[child] >= score) break;
      this.scores[i] = this.scores[child];
      this.rows[i] = this.rows[child];
      i = child;
    }
    this.scores[i] = score;
    this.rows[i] = row;
  }
}
