import autocannon from 'autocannon';

/**
 * autocannon in a process of its own, so the load it makes does not share the server's event
 * loop. Reads {url, headers, connections, seconds} as JSON from argv[2]; prints {requestsPerSecond, p99Ms, errors, non2xx}.
 */
async function main() {
  const { url, headers, connections, seconds } = JSON.parse(process.argv[2]) as {
    url: string;
    headers: Record<string, string>;
    connections: number;
    seconds: number;
  };
  const result = await autocannon({ url, headers, connections, duration: seconds });
  process.stdout.write(
    JSON.stringify({
      requestsPerSecond: result.requests.average,
      p99Ms: result.latency.p99,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
    }),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
