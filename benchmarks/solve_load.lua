-- wrk script: GET /solve with a random board rolled from real dice on every request.
-- The dice set comes from the BOGGLE_DICE environment variable: "new" (4x4) or "big" (5x5).
-- BOGGLE_DICTIONARIES, a comma-separated list of word lists, picks one at random for
-- each request (none: the server's default).
-- Each wrk thread seeds its own generator, so threads send different boards.

local dice_sets = {
  new = {"AAEEGN", "ABBJOO", "ACHOPS", "AFFKPS", "AOOTTW", "CIMOTU", "DEILRX", "DELRVY",
         "DISTTY", "EEGHNW", "EEINSU", "EHRTVW", "EIOSST", "ELRTTY", "HIMNUQ", "HLNNRZ"},
  big = {"AAAFRS", "AAEEEE", "AAFIRS", "ADENNN", "AEEEEM", "AEEGMU", "AEGMNN", "AFIRSY",
         "BJKQXZ", "CCENST", "CEIILT", "CEILPT", "CEIPST", "DDLNOT", "DHHLOR", "DHLNOR",
         "DHLNOR", "EIIITT", "EMOTTT", "ENSSSU", "FIPRSY", "GORRVW", "IPRRRY", "NOOTUW",
         "OOOTTU"},
}
-- In these strings Q stands for the Qu face, sent as "qu" (a lone q followed by a
-- u die would otherwise read as one Qu cube and leave the board a cell short).
local dice = dice_sets[os.getenv("BOGGLE_DICE") or "new"]
local dictionaries = {}
for name in string.gmatch(os.getenv("BOGGLE_DICTIONARIES") or "", "[^,]+") do
  dictionaries[#dictionaries + 1] = name
end
local counter = 0

function setup(thread)
  counter = counter + 1
  thread:set("seed", counter)
end

function init(args)
  math.randomseed(os.time() * 1000 + (seed or 0))
end

local function roll()
  local order = {}
  for i = 1, #dice do order[i] = dice[i] end
  for i = #order, 2, -1 do
    local j = math.random(i)
    order[i], order[j] = order[j], order[i]
  end
  local letters = {}
  for i = 1, #order do
    local k = math.random(6)
    local face = order[i]:sub(k, k):lower()
    letters[i] = face == "q" and "qu" or face
  end
  return table.concat(letters)
end

function request()
  local path = "/solve?board=" .. roll()
  if #dictionaries > 0 then
    path = path .. "&dictionary=" .. dictionaries[math.random(#dictionaries)]
  end
  return wrk.format("GET", path)
end

function done(summary, latency, requests)
  local errors = summary.errors
  local failed = errors.connect + errors.read + errors.write + errors.timeout + errors.status
  io.write(string.format(
    "RESULT requests=%d duration_us=%d errors=%d non_2xx=%d connect=%d read=%d write=%d timeout=%d p50_us=%d p95_us=%d p99_us=%d max_us=%d\n",
    summary.requests, summary.duration, failed, errors.status,
    errors.connect, errors.read, errors.write, errors.timeout,
    latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max))
end
