// Finding a definition by name in a tree-sitter syntax tree: top-level names, and `Outer.name` for
// members, per language. A match carries the nodes to delete with it (decorators, comments above).
import type { Node } from 'web-tree-sitter';
import { FsError } from '../errors.js';
import type { SymbolLanguage } from './symbol-grammars.js';

export interface Definition {
  name: string;
  /** The node that goes (an export statement or decorated definition, when there is one). */
  node: Node;
  /** The declaration inside it, whose type is reported as the kind. */
  declaration: Node;
}

// TypeScript / JavaScript declarations that a name can address.
const JS_DECLARATIONS = new Set([
  'function_declaration',
  'generator_function_declaration',
  'function_signature',
  'class_declaration',
  'abstract_class_declaration',
  'interface_declaration',
  'type_alias_declaration',
  'enum_declaration',
  'lexical_declaration',
  'variable_declaration',
]);
const JS_MEMBERS = new Set([
  'method_definition',
  'method_signature',
  'abstract_method_signature',
  'public_field_definition',
  'field_definition',
  'property_signature',
]);
const JS_BODIES = new Set(['class_body', 'interface_body', 'object_type']);
const PY_DEFINITIONS = new Set(['function_definition', 'class_definition']);

function nameOf(declaration: Node): string | undefined {
  if (declaration.type === 'lexical_declaration' || declaration.type === 'variable_declaration') {
    // Only a single-name declaration is one symbol; `const a = 1, b = 2` is left alone.
    const declarators = declaration.namedChildren.filter((child) => child?.type === 'variable_declarator');
    return declarators.length === 1 ? declarators[0]?.childForFieldName('name')?.text : undefined;
  }
  return (declaration.childForFieldName('name') ?? declaration.childForFieldName('property'))?.text;
}

/** The declaration a top-level or member statement defines, unwrapping export and decorators. */
function declarationIn(statement: Node, language: SymbolLanguage, member: boolean): Node | undefined {
  if (language === 'python') {
    const inner = statement.type === 'decorated_definition' ? statement.childForFieldName('definition') : statement;
    return inner && PY_DEFINITIONS.has(inner.type) ? inner : undefined;
  }
  if (member) return JS_MEMBERS.has(statement.type) ? statement : undefined;
  if (statement.type === 'export_statement') {
    return statement.namedChildren.find((child): child is Node => !!child && JS_DECLARATIONS.has(child.type));
  }
  return JS_DECLARATIONS.has(statement.type) ? statement : undefined;
}

/** Every definition directly inside a container (the file, or a class body). */
export function definitionsIn(container: Node, language: SymbolLanguage, member: boolean): Definition[] {
  const found: Definition[] = [];
  for (const statement of container.namedChildren) {
    if (!statement) continue;
    const declaration = declarationIn(statement, language, member);
    const name = declaration && nameOf(declaration);
    if (declaration && name) found.push({ name, node: statement, declaration });
  }
  return found;
}

function bodyOf(definition: Definition, language: SymbolLanguage): Node | undefined {
  const body = definition.declaration.childForFieldName('body');
  if (!body) return undefined;
  if (language === 'python') return definition.declaration.type === 'class_definition' ? body : undefined;
  return JS_BODIES.has(body.type) ? body : undefined;
}

function lineList(definitions: Definition[]): string {
  return definitions.map((d) => d.node.startPosition.row + 1).join(', ');
}

function available(definitions: Definition[]): string {
  const names = [...new Set(definitions.map((d) => d.name))];
  if (names.length === 0) return 'there are none';
  return `there are: ${names.slice(0, 30).join(', ')}${names.length > 30 ? ', …' : ''}`;
}

// TypeScript overloads are one symbol: signatures plus at most one implementation go together.
function isOneSymbol(matches: Definition[]): boolean {
  return matches.filter((d) => !d.declaration.type.endsWith('_signature')).length <= 1;
}

/**
 * The definitions `symbol` (`name` or `Outer.name`, nested as deep as needed) names in the tree,
 * plus the container they sit in. Missing → FS_SYMBOL_NOT_FOUND; two different definitions →
 * FS_AMBIGUOUS_MATCH with their line numbers.
 */
export function findSymbol(root: Node, language: SymbolLanguage, symbol: string, shown: string): { matches: Definition[]; container: Node } {
  const parts = symbol.split('.');
  let container = root;
  for (let depth = 0; depth < parts.length; depth++) {
    const name = parts[depth] as string;
    const last = depth === parts.length - 1;
    const where = depth === 0 ? 'at the top level' : `in ${parts.slice(0, depth).join('.')}`;
    const all = definitionsIn(container, language, depth > 0);
    const matches = all.filter((d) => d.name === name);
    if (matches.length === 0) {
      throw new FsError('FS_SYMBOL_NOT_FOUND', `${shown}: no definition "${name}" ${where}; ${available(all)}`);
    }
    if (last) {
      if (!isOneSymbol(matches)) {
        throw new FsError('FS_AMBIGUOUS_MATCH', `${shown}: "${symbol}" is defined ${matches.length} times (lines ${lineList(matches)}); use delete_range on the one to remove`);
      }
      return { matches, container };
    }
    const outers = matches.flatMap((d) => {
      const body = bodyOf(d, language);
      return body ? [{ d, body }] : [];
    });
    if (outers.length === 0) throw new FsError('FS_SYMBOL_NOT_FOUND', `${shown}: "${parts.slice(0, depth + 1).join('.')}" has no members (it is a ${matches[0]?.declaration.type})`);
    if (outers.length > 1) {
      throw new FsError('FS_AMBIGUOUS_MATCH', `${shown}: "${parts.slice(0, depth + 1).join('.')}" is defined ${outers.length} times (lines ${lineList(outers.map((o) => o.d))})`);
    }
    container = (outers[0] as { body: Node }).body;
  }
  throw new FsError('FS_INVALID_ARGUMENT', `${shown}: symbol "${symbol}" is empty`);
}

// Python puts comments above a block's first statement before the block, in the class itself.
function before(node: Node): Node | null {
  const parent = node.parent;
  if (node.previousNamedSibling || parent?.type !== 'block' || parent.firstNamedChild?.id !== node.id) return node.previousNamedSibling;
  return parent.previousNamedSibling;
}

/** Where a definition's deletion starts: decorators before it, and comments directly above (no blank line). */
export function leadingStart(definition: Definition, text: string): number {
  let first = definition.node;
  for (let prev = before(first); prev; prev = before(prev)) {
    const ownLine = text.slice(text.lastIndexOf('\n', prev.startIndex - 1) + 1, prev.startIndex).trim() === '';
    if (prev.type === 'decorator' && ownLine) first = prev;
    else if (prev.type === 'comment' && ownLine && prev.endPosition.row >= first.startPosition.row - 1) first = prev;
    else break;
  }
  return first.startIndex;
}
