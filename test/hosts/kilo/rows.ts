/** Kilo Code 7.7.7 sends OpenCode's tool names and fields (test/fixtures/kilo), so its rows are OpenCode's. */
export { rows } from '../opencode/rows';
