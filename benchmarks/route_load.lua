-- wrk script: requests read from a file, sent in turn (benchmarks/route_overhead.py).
-- BOGGLE_REQUESTS names the file: one request a line, its fields separated by tabs:
-- method, path with query, headers ("Name: value" separated by "|"), body (may be empty).
-- Each wrk thread starts at a place of its own in the list.

local requests = {}
local index = 0
local counter = 0

function setup(thread)
  counter = counter + 1
  thread:set("start", counter)
end

function init(args)
  for line in io.lines(os.getenv("BOGGLE_REQUESTS")) do
    local method, path, header_text, body = line:match("^([^\t]*)\t([^\t]*)\t([^\t]*)\t(.*)$")
    local headers = {}
    for name, value in header_text:gmatch("([^|:]+): ([^|]*)") do
      headers[name] = value
    end
    if body == "" then body = nil end
    requests[#requests + 1] = wrk.format(method, path, headers, body)
  end
  index = ((start or 1) * 7919) % #requests
end

function request()
  index = index % #requests + 1
  return requests[index]
end

function done(summary, latency, requests)
  local errors = summary.errors
  local failed = errors.connect + errors.read + errors.write + errors.timeout + errors.status
  io.write(string.format(
    "RESULT requests=%d duration_us=%d errors=%d non_2xx=%d p50_us=%d p99_us=%d max_us=%d\n",
    summary.requests, summary.duration, failed, errors.status,
    latency:percentile(50), latency:percentile(99), latency.max))
end
