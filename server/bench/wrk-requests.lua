-- wrk script of server/bench/load.ts. Requests rotate over BENCH_WRK_TARGETS (one per line: the path,
-- then "name: value" headers, tab-separated). With BENCH_WRK_INTERVAL_MS > 0 each connection waits that
-- long before each request, its first wait random within one interval (BENCH_WRK_CONNECTIONS is the
-- thread's connection count), as browsers polling on a timer would. done() prints one JSON line.
local targets = {}
local interval = tonumber(os.getenv("BENCH_WRK_INTERVAL_MS") or "0")
local firstWaits = tonumber(os.getenv("BENCH_WRK_CONNECTIONS") or "0")
local turn = 0

function init(args)
  for line in (os.getenv("BENCH_WRK_TARGETS") or "/"):gmatch("[^\n]+") do
    local fields = {}
    for field in line:gmatch("[^\t]+") do fields[#fields + 1] = field end
    local headers = {}
    for i = 2, #fields do
      local name, value = fields[i]:match("^([^:]+):%s*(.*)$")
      headers[name] = value
    end
    targets[#targets + 1] = wrk.format("GET", fields[1], headers)
  end
  math.randomseed(os.time())
end

function request()
  turn = turn % #targets + 1
  return targets[turn]
end

if interval > 0 then
  function delay()
    if firstWaits > 0 then
      firstWaits = firstWaits - 1
      return math.random(0, interval)
    end
    return interval
  end
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'BENCH_WRK {"requests":%d,"durationUs":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d,"status":%d,"p50Us":%d,"p99Us":%d,"maxUs":%d}\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.timeout, e.status,
    latency:percentile(50), latency:percentile(99), latency.max))
end
