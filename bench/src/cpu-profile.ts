import { readFile } from 'node:fs/promises';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

/*
 * Reading a V8 CPU profile (`node --cpu-prof`) of a bundled app: each sample is charged to the
 * part of the code it ran in, named through the bundle's source maps (the MCP SDK, zod, Fastify,
 * the NATS client, the gateway's own code…), so a profile says whose code a request's time goes
 * to rather than which hashed chunk.
 */

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Where a part of the profile sits in the original sources. */
interface Place {
  source: string;
  line: number;
}

export interface ProfileBreakdown {
  /** Samples in the window, the idle ones apart. */
  busySamples: number;
  idleSamples: number;
  /** Busy samples by part of the code, largest first. */
  parts: Record<string, number>;
  /** Busy samples by function (self time), largest first, at most `top`. */
  functions: Array<{ name: string; samples: number }>;
  /** Busy samples in Node's native socket writes: the kernel's send calls, whoever made them. */
  socketWriteSamples: number;
  /** Busy samples charged to the repository's own code (its apps and libraries, with the builtins they call), socket writes apart. */
  ownSamples: number;
}

/** The part a source belongs to: its npm package, or the repository's app or library. */
export function partOf(source: string): string | undefined {
  if (source.includes('deps/undici')) return 'undici (web Request, Response)';
  // The innermost node_modules names the package (pnpm nests them).
  const pkg = [...source.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)/g)].at(-1)?.[1];
  if (pkg) return PACKAGE_PARTS.get(pkg) ?? (pkg.startsWith('@modelcontextprotocol/') ? 'MCP SDK' : pkg.startsWith('@fastify/') ? 'Fastify' : pkg);
  const own = /(?:^|\/)(apps|libs)\/([a-z-]+)\/(?:src|dist)\//.exec(source);
  if (own) return own[1] === 'apps' ? `${own[2]} (app)` : 'kit and contracts';
  return undefined;
}

const PACKAGE_PARTS = new Map(
  Object.entries({
    zod: 'zod',
    fastify: 'Fastify',
    'find-my-way': 'Fastify',
    avvio: 'Fastify',
    'fast-json-stringify': 'Fastify',
    'secure-json-parse': 'Fastify',
    'light-my-request': 'Fastify',
    '@nats-io/nats-core': 'NATS client',
    '@nats-io/transport-node': 'NATS client',
    '@nats-io/jetstream': 'NATS client',
    '@nats-io/nkeys': 'NATS client',
  }),
);

/**
 * Node's native socket writes. Their samples are time in the kernel's send calls, which on
 * loopback also carry the receiving side of TCP: a cost of the hop itself, not of whoever wrote.
 */
const SOCKET_WRITES = new Set(['writev', 'writeBuffer', 'writeUtf8String', 'writeLatin1String', 'writeAsciiString', 'writeUcs2String']);

/** Whether a part is the repository's own code (an app, or the kit and contracts). */
export function isOwnPart(part: string): boolean {
  return part === 'kit and contracts' || part.endsWith(' (app)');
}

/** V8's own entries, charged as they are. */
const V8_ENTRIES = new Map([
  ['(garbage collector)', 'garbage collector'],
  ['(program)', 'V8 and native code'],
]);

/**
 * One profile read once: its call tree, and each frame's place in the original sources (source
 * maps loaded once per bundle file), shared by every window taken of it.
 */
export class ProfileReader {
  private readonly byId: Map<number, ProfileNode>;
  private readonly parent = new Map<number, number>();
  private readonly maps = new Map<string, SourceMap | null>();
  private readonly places = new Map<number, Place | null>();

  constructor(private readonly profile: CpuProfile) {
    this.byId = new Map(profile.nodes.map((n) => [n.id, n]));
    for (const n of profile.nodes) for (const c of n.children ?? []) this.parent.set(c, n.id);
  }

  /**
   * The samples taken between `fromUs` and `toUs` (the monotonic clock the profile's timestamps
   * use, `process.hrtime` in microseconds), or all of them, by part and by function. A sample in
   * Node's internals or a native function (a socket write, JSON.parse) is charged to the nearest
   * caller that has a part, so the socket write of an answer counts for whoever sent it.
   */
  async breakDown(window: { fromUs: number; toUs: number } | null, top = 25): Promise<ProfileBreakdown> {
    const { profile } = this;
    const counts = new Map<number, number>();
    let t = profile.startTime;
    for (let i = 0; i < profile.samples.length; i++) {
      t += profile.timeDeltas[i] ?? 0;
      if (window && (t < window.fromUs || t > window.toUs)) continue;
      counts.set(profile.samples[i]!, (counts.get(profile.samples[i]!) ?? 0) + 1);
    }
    const parts = new Map<string, number>();
    const functions = new Map<string, number>();
    let busy = 0;
    let idle = 0;
    let socketWrites = 0;
    let own = 0;
    for (const [id, n] of counts) {
      const leaf = this.byId.get(id)!;
      if (leaf.callFrame.functionName === '(idle)') {
        idle += n;
        continue;
      }
      busy += n;
      let part = V8_ENTRIES.get(leaf.callFrame.functionName);
      for (let cur: number | undefined = id; !part && cur !== undefined; cur = this.parent.get(cur)) {
        const at = await this.place(this.byId.get(cur)!);
        if (at) part = partOf(at.source);
      }
      part ??= 'Node internals';
      parts.set(part, (parts.get(part) ?? 0) + n);
      if (!leaf.callFrame.url && SOCKET_WRITES.has(leaf.callFrame.functionName)) socketWrites += n;
      else if (isOwnPart(part)) own += n;
      const at = await this.place(leaf);
      const name = `${leaf.callFrame.functionName || '(anonymous)'}${at ? ` ${shortSource(at.source)}:${at.line}` : ''}`;
      functions.set(name, (functions.get(name) ?? 0) + n);
    }
    const sorted = (m: Map<string, number>) => [...m].sort(([, a], [, b]) => b - a);
    return {
      busySamples: busy,
      idleSamples: idle,
      parts: Object.fromEntries(sorted(parts)),
      functions: sorted(functions)
        .slice(0, top)
        .map(([name, samples]) => ({ name, samples })),
      socketWriteSamples: socketWrites,
      ownSamples: own,
    };
  }

  private async place(node: ProfileNode): Promise<Place | null> {
    if (this.places.has(node.id)) return this.places.get(node.id)!;
    const { url, lineNumber, columnNumber } = node.callFrame;
    let found: Place | null = url ? { source: url, line: lineNumber + 1 } : null;
    if (url.startsWith('file://')) {
      if (!this.maps.has(url)) this.maps.set(url, await loadMap(url));
      const entry = this.maps.get(url)?.findEntry(lineNumber, columnNumber);
      // A map names sources relative to the bundle (the app's own modules sit beside it in dist/).
      if (entry && 'originalSource' in entry && typeof entry.originalSource === 'string') {
        found = { source: new URL(entry.originalSource, url).href, line: entry.originalLine + 1 };
      }
    }
    this.places.set(node.id, found);
    return found;
  }
}

async function loadMap(url: string): Promise<SourceMap | null> {
  try {
    return new SourceMap(JSON.parse(await readFile(`${fileURLToPath(url)}.map`, 'utf8')));
  } catch {
    return null;
  }
}

/** A source path from its package or app on ("fastify/lib/reply.js", "gateway/src/mcp/mcp-http.ts"). */
function shortSource(source: string): string {
  const pkg = /.*node_modules\/(.+)$/.exec(source)?.[1];
  if (pkg) return pkg;
  const own = /(?:apps|libs)\/(.+)$/.exec(source)?.[1];
  return own ?? source.replace(/^file:\/\//, '');
}
