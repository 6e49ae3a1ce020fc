-- wrk script for the guessers: GET /budgets/1/folio with basic credentials for USER (alice unless
-- given after `--`) and a wrong password that changes with every request, as a password-guessing
-- client would. Every status is counted and printed at the end (401 or 429 expected).

local threads = {}
local counter = 1

function setup(thread)
   thread:set("id", counter)
   table.insert(threads, thread)
   counter = counter + 1
end

local alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

local function base64(s)
   local out = {}
   for i = 1, #s, 3 do
      local a, b, c = s:byte(i, i + 2)
      local n = a * 65536 + (b or 0) * 256 + (c or 0)
      local c1 = math.floor(n / 262144) % 64
      local c2 = math.floor(n / 4096) % 64
      local c3 = math.floor(n / 64) % 64
      local c4 = n % 64
      out[#out + 1] = alphabet:sub(c1 + 1, c1 + 1) .. alphabet:sub(c2 + 1, c2 + 1)
         .. (b and alphabet:sub(c3 + 1, c3 + 1) or "=")
         .. (c and alphabet:sub(c4 + 1, c4 + 1) or "=")
   end
   return table.concat(out)
end

local user, headers

function init(args)
   user = args[1] or "alice"
   headers = {}
   for name, value in pairs(wrk.headers) do
      headers[name] = value
   end
   attempts, statuses = 0, {}
   if args[2] == "selftest" then
      -- base64("alice:alicepassword1") as coreutils' base64 prints it
      assert(base64("alice:alicepassword1") == "YWxpY2U6YWxpY2VwYXNzd29yZDE=", base64("alice:alicepassword1"))
      assert(base64("ab") == "YWI=" and base64("a") == "YQ==" and base64("abc") == "YWJj")
      io.write("guess.lua: base64 self-test passed\n")
   end
end

function request()
   attempts = attempts + 1
   local password = string.format("wrong-%d-%d", id or 0, attempts)
   headers["Authorization"] = "Basic " .. base64(user .. ":" .. password)
   return wrk.format("GET", "/budgets/1/folio", headers, nil)
end

function response(status, headers, body)
   statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
   local by_status = {}
   for _, thread in ipairs(threads) do
      for status, n in pairs(thread:get("statuses") or {}) do
         by_status[status] = (by_status[status] or 0) + n
      end
   end
   local keys = {}
   for status in pairs(by_status) do table.insert(keys, status) end
   table.sort(keys)
   local parts = {}
   for _, status in ipairs(keys) do
      table.insert(parts, string.format("%d x%d", status, by_status[status]))
   end
   io.write("guess: statuses: " .. (#parts > 0 and table.concat(parts, ", ") or "none") .. "\n")
end
