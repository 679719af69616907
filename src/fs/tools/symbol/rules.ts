// What a definition is in each language delete_symbol knows: which statements define a name, what
// the name is, where members live, and which nodes before a definition belong to it.
import type { Node } from 'web-tree-sitter';
import type { SymbolLanguage } from './grammars.js';

export interface Definition {
  name: string;
  /** The node that goes (an export statement or decorated definition, when there is one). */
  node: Node;
  /** The declaration inside it, whose type is reported as the kind. */
  declaration: Node;
  /** Only a place where members live (a Rust impl block), never deleted by its name. */
  containerOnly?: boolean;
}

export interface LanguageRules {
  /** The definitions directly inside a container (the file, or a body). */
  definitions(container: Node, member: boolean): Definition[];
  /** Where the members of a definition live. */
  bodies(definition: Definition): Node[];
  /** Node types that sit before a definition and go with it (decorators, attributes). */
  prefixes: ReadonlySet<string>;
  comments: ReadonlySet<string>;
  /** A block that may not be left empty gets this statement (Python's `pass`). */
  emptyBlock?: { type: string; filler: string };
}

const field = (node: Node, name: string): Node | undefined => node.childForFieldName(name) ?? undefined;
const children = (node: Node): Node[] => node.namedChildren.filter((child): child is Node => child !== null);

function collect(container: Node, pick: (statement: Node) => Definition | undefined): Definition[] {
  return children(container).flatMap((statement) => {
    const found = pick(statement);
    return found ? [found] : [];
  });
}

// One name per declaration: `const a = 1, b = 2` or `int x, y;` are not one symbol and are left alone.
function singleDeclarator(declaration: Node, declaratorType: string): string | undefined {
  const declarators = children(declaration).filter((child) => child.type === declaratorType);
  return declarators.length === 1 ? field(declarators[0] as Node, 'name')?.text : undefined;
}

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

const javascript: LanguageRules = {
  definitions: (container, member) =>
    collect(container, (statement) => {
      const declaration = member
        ? JS_MEMBERS.has(statement.type)
          ? statement
          : undefined
        : statement.type === 'export_statement'
          ? children(statement).find((child) => JS_DECLARATIONS.has(child.type))
          : JS_DECLARATIONS.has(statement.type)
            ? statement
            : undefined;
      if (!declaration) return undefined;
      const name =
        declaration.type === 'lexical_declaration' || declaration.type === 'variable_declaration'
          ? singleDeclarator(declaration, 'variable_declarator')
          : (field(declaration, 'name') ?? field(declaration, 'property'))?.text;
      return name ? { name, node: statement, declaration } : undefined;
    }),
  bodies: (d) => {
    const body = field(d.declaration, 'body');
    return body && JS_BODIES.has(body.type) ? [body] : [];
  },
  prefixes: new Set(['decorator']),
  comments: new Set(['comment']),
};

const python: LanguageRules = {
  definitions: (container) =>
    collect(container, (statement) => {
      const declaration = statement.type === 'decorated_definition' ? field(statement, 'definition') : statement;
      if (!declaration || (declaration.type !== 'function_definition' && declaration.type !== 'class_definition'))
        return undefined;
      const name = field(declaration, 'name')?.text;
      return name ? { name, node: statement, declaration } : undefined;
    }),
  bodies: (d) =>
    d.declaration.type === 'class_definition' ? [field(d.declaration, 'body')].filter((b): b is Node => !!b) : [],
  prefixes: new Set(),
  comments: new Set(['comment']),
  emptyBlock: { type: 'block', filler: 'pass' },
};

// Go methods live at the top level; they are named `Type.Method` after their receiver.
function goReceiver(method: Node): string | undefined {
  const receiver = field(method, 'receiver');
  const param = receiver && children(receiver).find((child) => child.type === 'parameter_declaration');
  const type = param && field(param, 'type');
  return type?.text.replace(/^\*/, '').replace(/\[.*$/s, '');
}

const go: LanguageRules = {
  definitions: (container) =>
    collect(container, (statement) => {
      if (statement.type === 'function_declaration') {
        const name = field(statement, 'name')?.text;
        return name ? { name, node: statement, declaration: statement } : undefined;
      }
      if (statement.type === 'method_declaration') {
        const receiver = goReceiver(statement);
        const name = field(statement, 'name')?.text;
        return receiver && name ? { name: `${receiver}.${name}`, node: statement, declaration: statement } : undefined;
      }
      if (statement.type === 'type_declaration') {
        const specs = children(statement).filter((child) => child.type === 'type_spec' || child.type === 'type_alias');
        const name = specs.length === 1 ? field(specs[0] as Node, 'name')?.text : undefined;
        return name ? { name, node: statement, declaration: specs[0] as Node } : undefined;
      }
      return undefined;
    }),
  bodies: () => [],
  prefixes: new Set(),
  comments: new Set(['comment']),
};

const RUST_ITEMS = new Set([
  'function_item',
  'function_signature_item',
  'struct_item',
  'enum_item',
  'union_item',
  'trait_item',
  'type_item',
  'const_item',
  'static_item',
  'mod_item',
  'macro_definition',
]);

const rust: LanguageRules = {
  definitions: (container) =>
    collect(container, (statement) => {
      if (statement.type === 'impl_item') {
        // `impl T` and `impl Trait for T` hold members of T.
        const type = field(statement, 'type')?.text.replace(/<.*$/s, '');
        return type ? { name: type, node: statement, declaration: statement, containerOnly: true } : undefined;
      }
      if (!RUST_ITEMS.has(statement.type)) return undefined;
      const name = field(statement, 'name')?.text;
      return name ? { name, node: statement, declaration: statement } : undefined;
    }),
  bodies: (d) => {
    const body = field(d.declaration, 'body');
    return body?.type === 'declaration_list' ? [body] : [];
  },
  prefixes: new Set(['attribute_item']),
  comments: new Set(['line_comment', 'block_comment']),
};

const JAVA_TYPES = new Set([
  'class_declaration',
  'interface_declaration',
  'enum_declaration',
  'record_declaration',
  'annotation_type_declaration',
]);
const JAVA_MEMBERS = new Set([
  ...JAVA_TYPES,
  'method_declaration',
  'constructor_declaration',
  'compact_constructor_declaration',
  'field_declaration',
  'constant_declaration',
]);

const java: LanguageRules = {
  definitions: (container, member) =>
    collect(container, (statement) => {
      if (!(member ? JAVA_MEMBERS : JAVA_TYPES).has(statement.type)) return undefined;
      const name =
        statement.type === 'field_declaration' || statement.type === 'constant_declaration'
          ? singleDeclarator(statement, 'variable_declarator')
          : field(statement, 'name')?.text;
      return name ? { name, node: statement, declaration: statement } : undefined;
    }),
  bodies: (d) => {
    const body = field(d.declaration, 'body');
    if (!body) return [];
    // An enum's members follow its constants, in their own node.
    const enumMembers = children(body).find((child) => child.type === 'enum_body_declarations');
    return enumMembers ? [enumMembers] : [body];
  },
  prefixes: new Set(),
  comments: new Set(['line_comment', 'block_comment']),
};

export const RULES: Readonly<Record<SymbolLanguage, LanguageRules>> = {
  typescript: javascript,
  tsx: javascript,
  javascript,
  python,
  go,
  rust,
  java,
};
