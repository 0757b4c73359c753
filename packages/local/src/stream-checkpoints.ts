import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/** Where a shard was left: the last sequence number handed over (or skipped by the filters). */
export interface ShardCheckpoint {
  sequenceNumber?: string;
  /** The shard is closed and every record in it was delivered: never read it again. */
  done?: boolean;
}

/**
 * Per-shard checkpoints of one stream, kept in a JSON file so a restarted shop resumes where it
 * stopped instead of replaying the whole stream (replays are harmless, the handler is idempotent,
 * but they cost time). Without a file the checkpoints live in memory only.
 */
export class StreamCheckpoints {
  private shards: Record<string, ShardCheckpoint> = {};

  constructor(
    private readonly streamArn: string,
    private readonly file?: string,
  ) {
    if (!file || !existsSync(file)) return;
    try {
      const stored = JSON.parse(readFileSync(file, "utf8")) as {
        streamArn?: string;
        shards?: Record<string, ShardCheckpoint>;
      };
      // A different ARN means the table was recreated: its shards and sequence numbers are new.
      if (stored.streamArn === streamArn && stored.shards) this.shards = stored.shards;
    } catch {
      // A torn or hand-edited file only costs a replay from the oldest record.
    }
  }

  get(shardId: string): ShardCheckpoint {
    return this.shards[shardId] ?? {};
  }

  set(shardId: string, checkpoint: ShardCheckpoint): void {
    const previous = this.shards[shardId];
    if (previous?.sequenceNumber === checkpoint.sequenceNumber && previous?.done === checkpoint.done) return;
    this.shards[shardId] = checkpoint;
    this.save();
  }

  private save(): void {
    if (!this.file) return;
    mkdirSync(dirname(this.file), { recursive: true });
    // Write then rename, so a crash mid-write never leaves a half file behind.
    const temporary = `${this.file}.tmp`;
    writeFileSync(temporary, JSON.stringify({ streamArn: this.streamArn, shards: this.shards }, null, 2));
    renameSync(temporary, this.file);
  }
}
