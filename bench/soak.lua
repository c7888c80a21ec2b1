-- wrk script of `deno task soak` and `deno task shutdown-check`: rotates through the paths given
-- after `--`, cycling Accept-Encoding through identity, gzip and br, and counts the answers that
-- were not 2xx. "{random}" in a path becomes a new random number on every request, so that the
-- server answers values it has not seen (it must keep nothing per query).
-- Usage: wrk -s bench/soak.lua http://127.0.0.1:8000 -- /api/metrics /llms.txt ...

local paths = {}
local encodings = { "identity", "gzip", "br" }
local counter = 0
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  for _, path in ipairs(args) do
    table.insert(paths, path)
  end
  if #paths == 0 then
    error("soak.lua needs at least one path after --")
  end
  -- Globals, so that done() can read them from each thread.
  responses = 0
  non2xx = 0
end

function request()
  local path = paths[(counter % #paths) + 1]
  path = string.gsub(path, "{random}", function()
    return string.format("%.4f", math.random() * 25)
  end)
  local encoding = encodings[(math.floor(counter / #paths) % #encodings) + 1]
  counter = counter + 1
  return wrk.format("GET", path, { ["Accept-Encoding"] = encoding })
end

function response(status, headers, body)
  responses = responses + 1
  if status < 200 or status > 299 then
    non2xx = non2xx + 1
  end
end

function done(summary, latency, requests)
  local total, bad = 0, 0
  for _, thread in ipairs(threads) do
    total = total + thread:get("responses")
    bad = bad + thread:get("non2xx")
  end
  io.write(string.format("soak: responses=%d non2xx=%d\n", total, bad))
end
