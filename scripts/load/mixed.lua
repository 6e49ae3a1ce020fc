-- wrk script for the mixed scenarios: 60% reads of a folio's indicators, 40% updates of one of
-- its seeded expenses (PUT /budgets/1/expense), chosen per request with a fixed seed.
--
-- Arguments (after `--`): FOLIO_ID EXPENSES [READ_SHARE]
--   EXPENSES is a comma-separated list of ID=START_DATE pairs of seeded weekly planned expenses;
--   READ_SHARE is the share of reads, 0.6 unless given.
-- The Authorization header comes from wrk's -H option (it is in wrk.headers).
-- Statuses >= 400 are counted per status and printed at the end, with the reads/writes issued.

local threads = {}
local counter = 1

function setup(thread)
   thread:set("id", counter)
   table.insert(threads, thread)
   counter = counter + 1
end

local read_path, read_share
local expenses = {}
local get_headers, put_headers

function init(args)
   local folio = args[1] or error("mixed.lua: FOLIO_ID missing (wrk ... -- FOLIO_ID EXPENSES)")
   local list = args[2] or error("mixed.lua: EXPENSES missing (ID=DATE,ID=DATE,...)")
   read_share = tonumber(args[3] or "0.6")
   folio_id = folio
   read_path = "/budgets/1/folio/" .. folio .. "/indicators?asOf=2026-06-30"
   for id, date in list:gmatch("(%d+)=([%d-]+)") do
      table.insert(expenses, { id = id, date = date })
   end
   if #expenses == 0 then error("mixed.lua: no expenses in " .. list) end
   get_headers, put_headers = {}, {}
   for name, value in pairs(wrk.headers) do
      get_headers[name] = value
      put_headers[name] = value
   end
   put_headers["Content-Type"] = "application/json"
   math.randomseed(1000 + (id or 0))
   reads, writes, statuses = 0, 0, {}
end

local body_format = '{"amortized":true,"amount":%d.00,"category":"CAPEX","currencyCode":"EUR",'
   .. '"description":"load test","folioId":%s,"id":%s,"kind":".PlannedExpense",'
   .. '"name":"Planned %s","recurrence":{"kind":".Weekly","occurrences":4,"recurrenceOn":[1],'
   .. '"startDate":"%s"},"type":"Rental"}'

function request()
   if math.random() < read_share then
      reads = reads + 1
      return wrk.format("GET", read_path, get_headers, nil)
   end
   writes = writes + 1
   local e = expenses[math.random(#expenses)]
   local body = body_format:format(500 + math.random(1000), folio_id, e.id, e.id, e.date)
   return wrk.format("PUT", "/budgets/1/expense", put_headers, body)
end

function response(status, headers, body)
   if status >= 400 then
      statuses[status] = (statuses[status] or 0) + 1
   end
end

function done(summary, latency, requests)
   local r, w, by_status = 0, 0, {}
   for _, thread in ipairs(threads) do
      r = r + (thread:get("reads") or 0)
      w = w + (thread:get("writes") or 0)
      for status, n in pairs(thread:get("statuses") or {}) do
         by_status[status] = (by_status[status] or 0) + n
      end
   end
   io.write(string.format("mixed: issued %d reads, %d writes\n", r, w))
   local keys, total = {}, 0
   for status, n in pairs(by_status) do
      table.insert(keys, status)
      total = total + n
   end
   table.sort(keys)
   local parts = {}
   for _, status in ipairs(keys) do
      table.insert(parts, string.format("%d x%d", status, by_status[status]))
   end
   io.write(string.format("mixed: statuses >= 400: %d%s\n", total,
      #parts > 0 and (" (" .. table.concat(parts, ", ") .. ")") or ""))
end
