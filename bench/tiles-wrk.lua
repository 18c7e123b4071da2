-- wrk script of the tile benchmark: asks the paths listed in the file WRK_PATHS (one a line).
-- Each of the WRK_THREADS threads walks its own share of the list (thread k asks entries k,
-- k + threads, ...), so every entry is asked once before any is asked again; `done` prints one
-- JSON line with the figures and how far the list was walked (past its end, tiles repeat).
local paths = {}
for line in io.lines(os.getenv("WRK_PATHS")) do
  paths[#paths + 1] = line
end
local step = tonumber(os.getenv("WRK_THREADS"))
local threads = {}
counter = 0 -- a global: done() reads it from each thread

function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end

function init(args)
  counter = id
end

function request()
  local path = paths[counter % #paths + 1]
  counter = counter + step
  return wrk.format("GET", path)
end

function done(summary, latency, requests)
  local walked = 0
  for _, t in ipairs(threads) do
    walked = math.max(walked, t:get("counter"))
  end
  local e = summary.errors
  io.write(string.format(
    'WRK {"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"non2xx":%d,"errors":%d,"walked":%d,"listed":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.status, e.connect + e.read + e.write + e.timeout, walked, #paths))
end
