import { fetchOn, type Target } from './http.ts';

/**
 * Opens an MCP session-transport stream (`GET /mcp_tools/sse` of a server or test app) with `key` and
 * reads its first event, to watch it end.
 * @returns `endsWithin(ms)`: true when the server ends the stream within `ms` milliseconds, else false.
 */
export async function openMcpStream(target: Target, key: string) {
  // A signal makes a test app's answer stream (fetchOn), as the network's does.
  const response = await fetchOn(target, '/mcp_tools/sse', { headers: { 'x-agent-key': key }, signal: new AbortController().signal });
  const reader = response.body!.getReader();
  await reader.read();
  return {
    endsWithin: (ms: number) =>
      Promise.race([
        (async () => {
          while (!(await reader.read()).done);
          return true;
        })(),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), ms)),
      ]),
  };
}
