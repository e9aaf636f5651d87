/**
 * Opens an MCP session-transport stream (`GET {baseUrl}/mcp_tools/sse`) with `key` and reads its first
 * event, to watch it end.
 * @returns `endsWithin(ms)`: true when the server ends the stream within `ms` milliseconds, else false.
 */
export async function openMcpStream(baseUrl: string, key: string) {
  const response = await fetch(`${baseUrl}/mcp_tools/sse`, { headers: { 'x-agent-key': key } });
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
