/**
 * Checks of the message catalogues, run by the test suite (catalogue.test.ts): both languages
 * have the same keys, every key a component names exists, and no component shows a literal text.
 */
import ts from 'typescript';

type Tree = { [key: string]: unknown };

/** Every leaf of a catalogue as a dotted key ('app.dashboard.welcome'). */
export function catalogueKeys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([name, value]) =>
    value !== null && typeof value === 'object'
      ? catalogueKeys(value as Tree, `${prefix}${name}.`)
      : [`${prefix}${name}`],
  );
}

/** Keys one catalogue has and the other lacks. */
export function compareCatalogues(first: Tree, second: Tree) {
  const a = new Set(catalogueKeys(first));
  const b = new Set(catalogueKeys(second));
  return { onlyInFirst: [...a].filter((k) => !b.has(k)), onlyInSecond: [...b].filter((k) => !a.has(k)) };
}

/** Props whose text a person reads (react-admin translates the ones that hold a key). */
const TEXT_PROPS = new Set([
  'label',
  'title',
  'placeholder',
  'helperText',
  'emptyText',
  'aria-label',
  'primaryText',
  'confirm',
  'confirmTitle',
  'content',
  'alt',
  'empty',
]);
/** Props that name a record field rather than show a text, by component. */
const FIELD_NAME_PROPS: Record<string, string[]> = { ImageField: ['title'] };

/** Names shown the same in every language: the agency's brand. */
export const ALLOWED = new Set(['Travel Deals']);

/** Calls whose first argument is shown to the person. */
const TEXT_CALLS = new Set(['notify', 'translate', 'useSaveFailure', 'Error']);

/** A catalogue key as components write it. */
export const KEY = /^(app|resources|ra|errors)\.[\w.-]+$/;
const hasWords = (text: string) => /\p{L}{2,}/u.test(text);

export interface Finding {
  file: string;
  line: number;
  text: string;
}

function literalTexts(node: ts.Node): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)];
  if (ts.isConditionalExpression(node)) return [...literalTexts(node.whenTrue), ...literalTexts(node.whenFalse)];
  if (ts.isBinaryExpression(node) && node.operatorToken.kind !== ts.SyntaxKind.EqualsEqualsEqualsToken)
    return [...literalTexts(node.left), ...literalTexts(node.right)];
  if (ts.isParenthesizedExpression(node) || ts.isJsxExpression(node))
    return node.expression ? literalTexts(node.expression) : [];
  return [];
}

/** Literal texts a source file would show: JSX text, text props and messages that are not keys. */
export function findLiterals(source: string, file = 'source.tsx', allow: ReadonlySet<string> = ALLOWED): Finding[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Finding[] = [];
  const report = (node: ts.Node, text: string) => {
    const trimmed = text.trim();
    if (!hasWords(trimmed) || KEY.test(trimmed) || allow.has(trimmed)) return;
    found.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: trimmed });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.text);
    else if (ts.isJsxAttribute(node) && TEXT_PROPS.has(node.name.getText()) && node.initializer) {
      const tag = node.parent.parent.tagName.getText();
      if (FIELD_NAME_PROPS[tag]?.includes(node.name.getText())) return;
      for (const text of literalTexts(node.initializer)) report(node, text);
    } else if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && node.arguments?.length) {
      const callee = node.expression.getText().split('.').pop() ?? '';
      if (TEXT_CALLS.has(callee)) for (const text of literalTexts(node.arguments[0])) report(node, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** Whole catalogue keys written in a source file (keys built at run time are not seen). */
export function referencedKeys(source: string): string[] {
  const sf = ts.createSourceFile('source.tsx', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const keys: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && KEY.test(node.text))
      keys.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return keys;
}
