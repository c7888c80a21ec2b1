-- wrk script of `deno task soak`, `deno task shutdown-check` and the MCP cases of `deno task bench`.
-- GET mode: rotates through the paths given after `--`, cycling Accept-Encoding through identity,
-- gzip and br; "{random}" in a path becomes a new random number from 2 to 25 on every request, so
-- that the server answers values it has not seen (it must keep nothing per query). Below 2, a
-- percentage written without a % sign is ambiguous (is 1.2 1.2% or 120%?) and answered 400.
-- POST mode (the first argument is POST): posts the JSON-RPC bodies that follow to the URL in turn,
-- and counts the answers that carry a JSON-RPC error or a tool's error ("isError": true).
-- Either way it counts the answers that were not 2xx.
-- Usage: wrk -s bench/soak.lua http://127.0.0.1:8000 -- /api/metrics /llms.txt ...
--        wrk -s bench/soak.lua http://127.0.0.1:8000/mcp -- POST '{"jsonrpc":"2.0",...}' ...

local items = {}
local post = false
local encodings = { "identity", "gzip", "br" }
local counter = 0
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  for index, item in ipairs(args) do
    if index == 1 and item == "POST" then
      post = true
    else
      table.insert(items, item)
    end
  end
  if #items == 0 then
    error("soak.lua needs at least one path or body after --")
  end
  -- Globals, so that done() can read them from each thread.
  responses = 0
  non2xx = 0
  rpc_errors = 0
end

function request()
  local item = items[(counter % #items) + 1]
  counter = counter + 1
  if post then
    return wrk.format("POST", nil, {
      ["Content-Type"] = "application/json",
      ["Accept"] = "application/json, text/event-stream",
    }, item)
  end
  local encoding = encodings[(math.floor((counter - 1) / #items) % #encodings) + 1]
  local path = string.gsub(item, "{random}", function()
    return string.format("%.4f", 2 + math.random() * 23)
  end)
  return wrk.format("GET", path, { ["Accept-Encoding"] = encoding })
end

function response(status, headers, body)
  responses = responses + 1
  if status < 200 or status > 299 then
    non2xx = non2xx + 1
  elseif post and (string.find(body, '"error":{', 1, true) or
      string.find(body, '"isError":true', 1, true)) then
    rpc_errors = rpc_errors + 1
  end
end

function done(summary, latency, requests)
  local total, bad, rpc = 0, 0, 0
  for _, thread in ipairs(threads) do
    total = total + thread:get("responses")
    bad = bad + thread:get("non2xx")
    rpc = rpc + thread:get("rpc_errors")
  end
  io.write(string.format("soak: responses=%d non2xx=%d rpc_errors=%d\n", total, bad, rpc))
end
