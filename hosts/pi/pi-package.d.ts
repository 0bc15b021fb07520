/**
 * The one member of Pi's own package the extension reads. Pi's loader maps this name for
 * extensions (1.6.0 and 0.73.1); outside Pi the import fails and the version stays unknown.
 */
declare module '@mariozechner/pi-coding-agent' {
  export const VERSION: string;
}
