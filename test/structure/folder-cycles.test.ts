// Guards the folder map: no folder of src/ imports (directly or through others) a folder that imports it back.
// Every import counts: static `import`/`export … from`, dynamic `import('…')`, and `import type` too, because a
// type-only cycle still ties two folders together for a reader and breaks the moment a type becomes a value.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const srcRoot = path.resolve(import.meta.dirname, '../../src');
const specifierPattern = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The top-level unit of src/ a file belongs to: its first folder, or the file itself at the top. */
function unitOf(file: string): string {
  const [first = '', ...rest] = path.relative(srcRoot, file).split(path.sep);
  return rest.length > 0 ? first : first.replace(/\.ts$/, '');
}

/** Folder → folders it imports, read from the import statements of src/**\/*.ts. */
export function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(srcRoot)) {
    const from = unitOf(file);
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const match of readFileSync(file, 'utf8').matchAll(specifierPattern)) {
      const specifier = match[1] ?? '';
      if (!specifier.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), specifier);
      if (path.relative(srcRoot, target).startsWith('..')) continue;
      const to = unitOf(target);
      if (to !== from) edges.add(to);
    }
  }
  return graph;
}

/** Strongly connected groups of more than one folder (Tarjan's algorithm), each sorted. */
export function folderCycles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return groups;
}

describe('folder-level imports of src/', () => {
  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(folderCycles(graph)).toEqual([['a', 'b', 'c']]);
  });

  it('reads the imports of src/ (static, dynamic and type-only)', () => {
    const graph = folderGraph();
    expect(graph.get('bridge')?.has('envelope')).toBe(true);
    expect(graph.get('cli')?.has('bridge')).toBe(true);
  });

  it('has no folder that imports a folder importing it back', () => {
    const cycles = folderCycles(folderGraph());
    expect(cycles, `folder cycles: ${cycles.map((c) => c.join(' ⇄ ')).join('; ')}`).toEqual([]);
  });
});
