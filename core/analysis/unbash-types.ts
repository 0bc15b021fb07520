/** Re-exports of the unbash AST types the walker uses (kept in one place). */
export type {
  AndOr,
  Command,
  CompoundList,
  CommandNode as Node,
  PipelineNode,
  Redirection,
  Script,
  Statement,
  SyntaxNode,
  Word,
} from 'unbash';
