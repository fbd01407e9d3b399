-- wrk script: GET /define (or the route named by BOGGLE_ROUTE, e.g. lookup) for words
-- read from the file named by BOGGLE_WORDS, one a line, each thread starting at a
-- different place and going round the list in order. BOGGLE_PAUSE_MS, if set above 0,
-- makes each connection wait that long after each answer before its next request: a
-- paced load below the server's capacity, where latency is the server's own rather
-- than time spent queueing behind a saturating client.

local words = {}
local counter = 0
local route = "/" .. (os.getenv("BOGGLE_ROUTE") or "define") .. "?word="
local pause = tonumber(os.getenv("BOGGLE_PAUSE_MS") or "0")

-- wrk pays for a timer per request once a delay() exists, so define it only when asked.
if pause > 0 then
  function delay()
    return pause
  end
end

function setup(thread)
  counter = counter + 1
  thread:set("start", counter * 997)
end

function init(args)
  for line in io.lines(os.getenv("BOGGLE_WORDS")) do words[#words + 1] = line end
  position = start or 0
end

function request()
  position = position % #words + 1
  return wrk.format("GET", route .. words[position])
end

function done(summary, latency, requests)
  local errors = summary.errors
  local failed = errors.connect + errors.read + errors.write + errors.timeout + errors.status
  io.write(string.format(
    "RESULT requests=%d duration_us=%d errors=%d non_2xx=%d p50_us=%d p95_us=%d p99_us=%d max_us=%d\n",
    summary.requests, summary.duration, failed, errors.status,
    latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max))
end
