/**
 * The start of a Bun host script: its request, read from stdin, and `answer` to print the one
 * JSON line stdout carries. console.log goes to stderr from here on, so nothing the plugin logs
 * mixes into the answer.
 */
export async function readRequest<T>(): Promise<{ request: T; answer: (value: unknown) => void }> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(typeof c === 'string' ? Buffer.from(c) : (c as Buffer));
  const realLog = console.log;
  console.log = (...a: unknown[]) => console.error(...a);
  return { request: JSON.parse(Buffer.concat(chunks).toString('utf8')) as T, answer: (value) => realLog(JSON.stringify(value)) };
}
