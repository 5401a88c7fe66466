import { createCipheriv, createDecipheriv, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { AppError } from '../../common/errors';

/**
 * Encryption of a backup file (with `BACKUP_ENCRYPTION_KEY`), around its gzip stream: the same for a
 * folder and a bucket. An encrypted file holds, in order:
 *
 * 1. the line `KEEN-BACKUP-ENCRYPTED 1\n` (the format's version: it fixes every choice below);
 * 2. a random 16-byte salt and a random 7-byte nonce prefix;
 * 3. a 32-byte key check: HMAC-SHA256 of 1 and 2 under the file's MAC key, so that a wrong key is
 *    told apart from a damaged file before anything is decrypted;
 * 4. segments: a 4-byte big-endian length L, L bytes of AES-256-GCM ciphertext, then its 16-byte
 *    tag. Every segment but the final one holds `SEGMENT_BYTES`; the final one fewer (none, maybe).
 *    Segment i's nonce is the prefix, i as 4 bytes big-endian, and a last byte 1 for the final
 *    segment (0 before it), so segments cannot be reordered, dropped, or the file cut after one
 *    without failing; nothing may follow the final segment.
 *
 * The file's 64 bytes of keys come from scrypt (N 2^15, r 8, p 1) of the setting and the salt: the
 * first 32 the AES key, the last 32 the MAC key. Each segment's tag is checked before any of its
 * bytes go on, so no row of an altered file is ever read; a restore runs in a transaction that a
 * failed check rolls back.
 */
export const ENCRYPTED_MAGIC = Buffer.from('KEEN-BACKUP-ENCRYPTED 1\n');

const SALT_BYTES = 16;
const PREFIX_BYTES = 7;
const CHECK_BYTES = 32;
const TAG_BYTES = 16;
const HEADER_BYTES = ENCRYPTED_MAGIC.length + SALT_BYTES + PREFIX_BYTES + CHECK_BYTES;
/** Plaintext per segment. */
export const SEGMENT_BYTES = 64 * 1024;
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const MAX_SEGMENTS = 2 ** 32;

export const ENCRYPTED_WITHOUT_KEY = 'This backup is encrypted: set BACKUP_ENCRYPTION_KEY to restore it';
export const ENCRYPTED_WITH_ANOTHER_KEY =
  'This backup is encrypted with a different key: set BACKUP_ENCRYPTION_KEY to the key it was made with';

const unreadable = (problem: string) => new AppError('BAD_USER_INPUT', `This file is not a readable Keen backup: ${problem}`);

interface FileKeys {
  aes: Buffer;
  mac: Buffer;
}

async function fileKeys(setting: string, salt: Buffer): Promise<FileKeys> {
  const bytes = await new Promise<Buffer>((resolve, reject) =>
    scrypt(setting, salt, 64, SCRYPT, (error, derived) => (error ? reject(error) : resolve(derived))),
  );
  return { aes: bytes.subarray(0, 32), mac: bytes.subarray(32) };
}

function nonceOf(prefix: Buffer, index: number, last: boolean): Buffer {
  if (index >= MAX_SEGMENTS) throw new Error('A backup of more than 2^32 segments cannot be encrypted');
  const nonce = Buffer.alloc(12);
  prefix.copy(nonce, 0);
  nonce.writeUInt32BE(index, PREFIX_BYTES);
  nonce[11] = last ? 1 : 0;
  return nonce;
}

/** A stream that encrypts what is written into it (a backup's gzip'd bytes) with `setting`, the key. */
export async function encryptingStream(setting: string): Promise<Transform> {
  const salt = randomBytes(SALT_BYTES);
  const prefix = randomBytes(PREFIX_BYTES);
  const keys = await fileKeys(setting, salt);
  const start = Buffer.concat([ENCRYPTED_MAGIC, salt, prefix]);
  const check = createHmac('sha256', keys.mac).update(start).digest();

  let index = 0;
  let pending: Buffer[] = [];
  let length = 0;
  const segment = (plain: Buffer, last: boolean): Buffer => {
    const cipher = createCipheriv('aes-256-gcm', keys.aes, nonceOf(prefix, index, last), { authTagLength: TAG_BYTES });
    index += 1;
    const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
    const prefixLength = Buffer.alloc(4);
    prefixLength.writeUInt32BE(sealed.length);
    return Buffer.concat([prefixLength, sealed, cipher.getAuthTag()]);
  };

  let started = false;
  const begin = (stream: Transform) => {
    if (started) return;
    started = true;
    stream.push(Buffer.concat([start, check]));
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      try {
        begin(this);
        pending.push(chunk);
        length += chunk.length;
        if (length < SEGMENT_BYTES) return callback();
        let all = Buffer.concat(pending);
        while (all.length >= SEGMENT_BYTES) {
          this.push(segment(all.subarray(0, SEGMENT_BYTES), false));
          all = all.subarray(SEGMENT_BYTES);
        }
        pending = all.length ? [all] : [];
        length = all.length;
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
    flush(callback: TransformCallback) {
      try {
        begin(this);
        this.push(segment(Buffer.concat(pending), true));
        pending = [];
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
  });
}

/**
 * A stream that passes a backup's gzip'd bytes on: decrypted (each segment only once its tag checks
 * out) when the file is encrypted, as they are when it is not. An encrypted file is refused without
 * `setting`, or with a key other than the one it was made with, before any of its bytes go on.
 */
export function decodingStream(setting: string | null): Transform {
  let mode: 'sniff' | 'plain' | 'header' | 'segments' | 'done' = 'sniff';
  let buffered: Buffer = Buffer.alloc(0);
  let keys: FileKeys | null = null;
  let prefix: Buffer = Buffer.alloc(0);
  let index = 0;

  /** Handles what is buffered; answers when more bytes are needed. */
  const advance = async (stream: Transform): Promise<void> => {
    for (;;) {
      if (mode === 'sniff') {
        const seen = Math.min(buffered.length, ENCRYPTED_MAGIC.length);
        if (!buffered.subarray(0, seen).equals(ENCRYPTED_MAGIC.subarray(0, seen))) {
          mode = 'plain';
        } else if (seen === ENCRYPTED_MAGIC.length) {
          if (setting === null) throw new AppError('BAD_USER_INPUT', ENCRYPTED_WITHOUT_KEY);
          mode = 'header';
        } else return;
      }
      if (mode === 'plain') {
        if (buffered.length) stream.push(buffered);
        buffered = Buffer.alloc(0);
        return;
      }
      if (mode === 'header') {
        if (buffered.length < HEADER_BYTES) return;
        const start = buffered.subarray(0, HEADER_BYTES - CHECK_BYTES);
        const check = buffered.subarray(HEADER_BYTES - CHECK_BYTES, HEADER_BYTES);
        const salt = start.subarray(ENCRYPTED_MAGIC.length, ENCRYPTED_MAGIC.length + SALT_BYTES);
        prefix = Buffer.from(start.subarray(ENCRYPTED_MAGIC.length + SALT_BYTES));
        keys = await fileKeys(setting!, salt);
        const expected = createHmac('sha256', keys.mac).update(start).digest();
        if (!timingSafeEqual(expected, check)) throw new AppError('BAD_USER_INPUT', ENCRYPTED_WITH_ANOTHER_KEY);
        buffered = buffered.subarray(HEADER_BYTES);
        mode = 'segments';
      }
      if (mode === 'segments') {
        if (buffered.length < 4) return;
        const length = buffered.readUInt32BE(0);
        if (length > SEGMENT_BYTES) throw unreadable('it is damaged or was altered (a segment of its encryption is out of place)');
        if (buffered.length < 4 + length + TAG_BYTES) return;
        const sealed = buffered.subarray(4, 4 + length);
        const tag = buffered.subarray(4 + length, 4 + length + TAG_BYTES);
        buffered = buffered.subarray(4 + length + TAG_BYTES);
        // Every segment but the final one is whole; the final one is shorter (empty, maybe).
        const last = length < SEGMENT_BYTES;
        stream.push(open(sealed, tag, last));
        index += 1;
        if (last) mode = 'done';
      }
      if (mode === 'done') {
        if (buffered.length) throw unreadable('it is damaged or was altered (bytes follow its end)');
        return;
      }
    }
  };

  /** Segment `index`'s plaintext, once its tag checks out. */
  const open = (sealed: Buffer, tag: Buffer, last: boolean): Buffer => {
    const decipher = createDecipheriv('aes-256-gcm', keys!.aes, nonceOf(prefix, index, last), { authTagLength: TAG_BYTES });
    decipher.setAuthTag(tag);
    const bytes = decipher.update(sealed);
    try {
      return Buffer.concat([bytes, decipher.final()]);
    } catch {
      throw unreadable('it is damaged or was altered (its encryption does not check out)');
    }
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
      advance(this).then(() => callback(), callback);
    },
    flush(callback: TransformCallback) {
      advance(this)
        .then(() => {
          if (mode === 'sniff' && buffered.length) this.push(buffered);
          else if (mode === 'header' || mode === 'segments') throw unreadable('it ends early (cut short?)');
        })
        .then(() => callback(), callback);
    },
  });
}
