-- The load as wrk makes it (bench/lib/load.ts starts wrk with this script), the same shapes as
-- load-child.ts makes with autocannon:
--   BENCH_LOAD_PATHS_FILE  a file of paths, one a line, one taken at random per request, with
--                        "{n}" a number one higher per request (from BENCH_COUNTER_START) and
--                        "{r}" a random instant from 2020 to 2032 (epoch seconds) and "{d}"
--                        a random local date and time as people write it ("2027-03-04 05:06:07",
--                        percent-encoded)
-- Without it, wrk sends its one URL as it built it (the cheapest request it can send).
-- At the end one JSON line: rps, p50 and p99 in ms, total, errors (connection errors,
-- timeouts and answers of 400 or more), durationS.

local counter = tonumber(os.getenv("BENCH_COUNTER_START") or "")
local pathsFile = os.getenv("BENCH_LOAD_PATHS_FILE")
local templates = {}

if pathsFile ~= nil and pathsFile ~= "" then
  for line in io.lines(pathsFile) do
    if line ~= "" then templates[#templates + 1] = line end
  end
end

math.randomseed(7)

local function instant()
  return string.format("%d", 1577836800 + math.floor(math.random() * 380000000))
end

local function date_time()
  return string.format("%04d-%02d-%02d%%20%02d:%02d:%02d", math.random(2020, 2031), math.random(1, 12),
    math.random(1, 28), math.random(0, 23), math.random(0, 59), math.random(0, 59))
end

local function next_counter()
  local n = counter or 0
  counter = n + 1
  return string.format("%d", n)
end

-- The paths come with their placeholders as braces (load.ts undoes any percent-encoding of them).
local function fill(path)
  path = path:gsub("{n}", next_counter)
  path = path:gsub("{d}", date_time)
  return (path:gsub("{r}", instant))
end

if #templates > 0 then
  request = function()
    return wrk.format(nil, fill(templates[#templates == 1 and 1 or math.random(#templates)]))
  end
end

done = function(summary, latency, requests)
  local e = summary.errors
  local seconds = summary.duration / 1e6
  io.write(string.format(
    '{"rps":%.3f,"p50":%.4f,"p99":%.4f,"total":%d,"errors":%d,"durationS":%.3f}\n',
    summary.requests / seconds,
    latency:percentile(50) / 1000,
    latency:percentile(99) / 1000,
    summary.requests,
    e.connect + e.read + e.write + e.status + e.timeout,
    seconds))
end
