// Finding a definition by name in a tree-sitter syntax tree: top-level names, and `Outer.name` for
// members (nested as deep as needed). A match carries the nodes to delete with it (decorators,
// attributes, comments directly above).
import type { Node } from 'web-tree-sitter';
import { FsError } from '../../errors.js';
import type { Definition, LanguageRules } from './rules.js';

function lineList(definitions: Definition[]): string {
  return definitions.map((d) => d.node.startPosition.row + 1).join(', ');
}

function available(definitions: Definition[]): string {
  const names = [...new Set(definitions.filter((d) => !d.containerOnly).map((d) => d.name))];
  if (names.length === 0) return 'there are none';
  return `there are: ${names.slice(0, 30).join(', ')}${names.length > 30 ? ', …' : ''}`;
}

// TypeScript overloads are one symbol: signatures plus at most one implementation go together.
function isOneSymbol(matches: Definition[]): boolean {
  return matches.filter((d) => !d.declaration.type.endsWith('_signature')).length <= 1;
}

function finalMatches(all: Definition[], name: string, symbol: string, where: string, shown: string): Definition[] {
  const matches = all.filter((d) => d.name === name && !d.containerOnly);
  if (matches.length === 0)
    throw new FsError('FS_SYMBOL_NOT_FOUND', `${shown}: no definition "${name}" ${where}; ${available(all)}`);
  if (!isOneSymbol(matches)) {
    throw new FsError(
      'FS_AMBIGUOUS_MATCH',
      `${shown}: "${symbol}" is defined ${matches.length} times (lines ${lineList(matches)}); ` +
        'use delete_range on the one to remove',
    );
  }
  return matches;
}

/** The bodies that hold the members of `outer`: one definition's, plus every container-only block (Rust impls). */
function memberBodies(all: Definition[], outer: string, rules: LanguageRules, shown: string): Node[] {
  const named = all.filter((d) => d.name === outer);
  if (named.length === 0)
    throw new FsError('FS_SYMBOL_NOT_FOUND', `${shown}: no definition "${outer}"; ${available(all)}`);
  const owners = named.filter((d) => !d.containerOnly && rules.bodies(d).length > 0);
  if (owners.length > 1)
    throw new FsError(
      'FS_AMBIGUOUS_MATCH',
      `${shown}: "${outer}" is defined ${owners.length} times (lines ${lineList(owners)})`,
    );
  const bodies = named.filter((d) => d.containerOnly || owners.includes(d)).flatMap((d) => rules.bodies(d));
  if (bodies.length === 0)
    throw new FsError(
      'FS_SYMBOL_NOT_FOUND',
      `${shown}: "${outer}" has no members (it is a ${named[0]?.declaration.type})`,
    );
  return bodies;
}

/**
 * The definitions `symbol` (`name` or `Outer.name`) names in the tree. Missing →
 * FS_SYMBOL_NOT_FOUND naming what is there; two different definitions → FS_AMBIGUOUS_MATCH with
 * their line numbers.
 */
export function findSymbol(root: Node, rules: LanguageRules, symbol: string, shown: string): Definition[] {
  const parts = symbol.split('.');
  const top = rules.definitions(root, false);
  // Go methods are top-level definitions named `Type.Method`.
  if (parts.length > 1 && top.some((d) => d.name === symbol))
    return finalMatches(top, symbol, symbol, 'at the top level', shown);
  let all = top;
  for (let depth = 0; depth < parts.length - 1; depth++) {
    const outer = parts.slice(0, depth + 1).join('.');
    all = memberBodies(all, parts[depth] as string, rules, shown).flatMap((body) => rules.definitions(body, true));
    if (depth === parts.length - 2) return finalMatches(all, parts[depth + 1] as string, symbol, `in ${outer}`, shown);
  }
  return finalMatches(top, symbol, symbol, 'at the top level', shown);
}

// Python puts comments above a block's first statement before the block, in the class itself.
function before(node: Node): Node | null {
  const parent = node.parent;
  if (node.previousNamedSibling || parent?.type !== 'block' || parent.firstNamedChild?.id !== node.id)
    return node.previousNamedSibling;
  return parent.previousNamedSibling;
}

/**
 * Where a definition's deletion starts: decorators or attributes before it, and comments directly
 * above (no blank line).
 */
export function leadingStart(definition: Definition, rules: LanguageRules, text: string): number {
  let first = definition.node;
  for (let prev = before(first); prev; prev = before(prev)) {
    const ownLine = text.slice(text.lastIndexOf('\n', prev.startIndex - 1) + 1, prev.startIndex).trim() === '';
    // A line comment can end at column 0 of the next line (it holds its newline).
    const endRow = prev.endPosition.column === 0 ? prev.endPosition.row - 1 : prev.endPosition.row;
    if (rules.prefixes.has(prev.type) && ownLine) first = prev;
    else if (rules.comments.has(prev.type) && ownLine && endRow >= first.startPosition.row - 1) first = prev;
    else break;
  }
  return first.startIndex;
}
