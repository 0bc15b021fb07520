/**
 * How every line stopline writes on a host's stderr or log begins: `stopline (<name>)`, the name
 * being the host family or the artifact that runs, so a person knows which install spoke.
 */
export function stoplineLabel(name: string): string {
  return `stopline (${name})`;
}
