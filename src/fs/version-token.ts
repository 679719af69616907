// Version tokens: a version (see version.ts) handed to the caller as an opaque string, so a client
// without a session (a fresh process per call) can still prove which version of a file it saw.
// The token carries the version's fields and a keyed MAC (HMAC-SHA256, per-user key) over them and
// over the workspace and path it was issued for: a model cannot make one up for a file it never
// read, nor reuse one for another file. A valid token only says "this was the file at some point";
// the mutation still compares it with the file now, exactly as it does a session's observation.
import { hash, timingSafeEqual } from 'node:crypto';
import { FsError } from './errors.js';
import type { Version } from './version.js';
import type { ResolvedPath, Workspace } from './workspace-paths.js';

const PREFIX = 'pbv1';
const MAC_CONTEXT = 'peer-bridge version token v1\0';
const PATH_TAGS_KEPT = 1024;

type Payload = [
  ws: string,
  path: string,
  volume: string,
  fileId: string,
  size: number,
  mtimeNs: string,
  ctimeNs: string,
  mode: number,
  nlink: number,
  digest: string,
];

// Short public tags say which workspace and path a token is for, so a mismatch gets a clear
// message; the MAC (over the whole payload) is what makes them trustworthy.
function tag(text: string): string {
  return hash('sha256', text, 'buffer').subarray(0, 9).toString('base64url');
}

// HMAC-SHA256 (RFC 2104) of MAC_CONTEXT + body, as two one-shot hashes:
// H((K ^ opad) || H((K ^ ipad) || message)). createHmac gives the same bytes (a test compares
// them), but builds a Hmac object per token, whose creation and collection took 7 us of an edit's
// ~50 us of JavaScript; with the key's padded blocks kept, a token is two crypto.hash calls.
const BLOCK = 64; // SHA-256's block size in bytes
class HmacSha256 {
  // (K ^ ipad) || MAC_CONTEXT, then room for a body of up to 1 KiB.
  readonly #inner: Buffer;
  readonly #innerPrefix: number;
  // (K ^ opad) || H(inner)
  readonly #outer = Buffer.alloc(BLOCK + 32);

  constructor(key: Buffer) {
    const block = Buffer.alloc(BLOCK);
    (key.length > BLOCK ? hash('sha256', key, 'buffer') : key).copy(block);
    this.#innerPrefix = BLOCK + Buffer.byteLength(MAC_CONTEXT, 'latin1');
    this.#inner = Buffer.alloc(this.#innerPrefix + 1024);
    for (let i = 0; i < BLOCK; i++) {
      this.#inner[i] = block[i]! ^ 0x36;
      this.#outer[i] = block[i]! ^ 0x5c;
    }
    this.#inner.write(MAC_CONTEXT, BLOCK, 'latin1');
  }

  /** The MAC of a token body, over its UTF-8 bytes (a token given back may hold any text). */
  of(body: string): Buffer {
    const end = this.#innerPrefix + Buffer.byteLength(body, 'utf8');
    // A body longer than any this issues (only a made-up token) gets a buffer of its own.
    const inner = end <= this.#inner.length ? this.#inner : Buffer.allocUnsafe(end);
    if (inner !== this.#inner) this.#inner.copy(inner, 0, 0, this.#innerPrefix);
    inner.write(body, this.#innerPrefix, 'utf8');
    hash('sha256', inner.subarray(0, end), 'buffer').copy(this.#outer, BLOCK);
    return hash('sha256', this.#outer, 'buffer');
  }
}

/** Issues and checks the tokens of one workspace with one key. */
export class VersionTokens {
  readonly #loadKey: () => Buffer;
  #loaded: HmacSha256 | undefined;
  readonly #wsTag: string;
  // Path tags of the files this session touches: a hash each, the same every time.
  readonly #pathTags = new Map<string, string>();

  /** `key` is called when a token is first needed (it may create the per-user key file). */
  constructor(ws: Workspace, key: () => Buffer) {
    this.#loadKey = key;
    this.#wsTag = tag(ws.realRoot);
  }

  #mac(): HmacSha256 {
    return (this.#loaded ??= new HmacSha256(this.#loadKey()));
  }

  #pathTag(shown: string): string {
    let pathTag = this.#pathTags.get(shown);
    if (pathTag === undefined) {
      if (this.#pathTags.size >= PATH_TAGS_KEPT) this.#pathTags.clear();
      pathTag = tag(shown);
      this.#pathTags.set(shown, pathTag);
    }
    return pathTag;
  }

  /**
   * Loads (or makes) the key, or throws FS_IO_ERROR. A read or a change calls this before it
   * starts, so issuing its token afterwards cannot fail on a change already made.
   */
  prepare(): void {
    this.#mac();
  }

  issue(target: ResolvedPath, version: Version): string {
    const payload: Payload = [
      this.#wsTag,
      this.#pathTag(target.shown),
      version.identity.volume,
      version.identity.fileId,
      version.size,
      version.mtimeNs.toString(),
      version.ctimeNs.toString(),
      version.mode,
      version.nlink,
      version.digest,
    ];
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${PREFIX}.${body}.${this.#mac().of(body).toString('base64url')}`;
  }

  /** The version a token pins for `target`; throws FS_INVALID_ARGUMENT for anything not issued for it. */
  verify(target: ResolvedPath, token: string): Version {
    const parts = token.split('.');
    const [prefix, body, mac] = parts;
    if (parts.length !== 3 || prefix !== PREFIX || !body || !mac) {
      throw new FsError(
        'FS_INVALID_ARGUMENT',
        `${target.shown}: expected_version is not a version token; ` +
          'pass the `version` that read_file or a change of this file returned',
      );
    }
    // Compared as text: base64url decoding ignores a last character's spare bits, and a token that
    // is accepted in several spellings is one nobody can compare safely.
    const expected = Buffer.from(this.#mac().of(body).toString('base64url'));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new FsError(
        'FS_INVALID_ARGUMENT',
        `${target.shown}: expected_version was not issued by peer-bridge for this user ` +
          '(altered, made up, or signed with another key); read_file the file for a current version',
      );
    }
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload;
    const [wsTag, pathTag, volume, fileId, size, mtimeNs, ctimeNs, mode, nlink, digest] = payload;
    if (wsTag !== this.#wsTag) {
      throw new FsError(
        'FS_INVALID_ARGUMENT',
        `${target.shown}: expected_version is the version of a file in another workspace, not of this file`,
      );
    }
    if (pathTag !== this.#pathTag(target.shown)) {
      throw new FsError(
        'FS_INVALID_ARGUMENT',
        `${target.shown}: expected_version was issued for another path, not for ${target.shown}; ` +
          'read_file this file for its version',
      );
    }
    return {
      identity: { volume, fileId },
      size,
      mtimeNs: BigInt(mtimeNs),
      ctimeNs: BigInt(ctimeNs),
      mode,
      nlink,
      digest,
    };
  }
}
