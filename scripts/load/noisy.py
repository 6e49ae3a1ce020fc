"""The noisy-neighbour scenarios of scripts/load-test: one user's heavy requests
against another user's light ones, on a running server.

    python3 noisy.py PORT PID LIGHT_AUTH LIGHT_PATH HEAVY_AUTH [IMPORTS]
    (env: LOAD_HISTORIES=16 pages read at once; LOAD_NOISY_PARTS=histories runs only those,
LOAD_NOISY_PARTS=promotes only the heaviest folio's import and its promotions; LOAD_PROMOTES=10)

LIGHT_AUTH and HEAVY_AUTH are `user:password` pairs; LIGHT_PATH is the light user's read (a small
folio's indicators). The heavy user imports an at-limits plan document (83 team members over ten
years, each with 1,000 rates, allocation periods and hours periods: about 15.5 MiB, just under the
16 MiB an import may be) IMPORTS times one after the other (default 30), then imports the
heaviest folio to read (ten years, 2,000 team members, 5,000 monthly expenses) and runs 16 day
timelines of it at once. Meanwhile the light user reads LIGHT_PATH on one
kept-alive connection, one request after the other. First of all (so that the server's peak
memory is theirs), the heavy user writes the largest history a folio may have (120 scopes of 4,700
items with 128-character keys, each body just under the 1 MiB limit, as fast as the write quota
lets) and reads 16 pages of it at once (`limit=200`, S11.8), twice (K below). Prints one line
per scenario:

    light-alone        requests/s p50(ms) p99(ms) errors max=ms   the light reads alone
    light-histories-K  requests/s p50 p99 errors           while 16 of the largest histories run
    histories-K        count p50(ms) max(ms) errors refused largest-answer(bytes)
    peak-rss-histories-K the server's VmHWM (MiB) after the histories (before any import), VmRSS
(K: `moved`, every write moving one item on, so that a page reads 16 MiB of the journal; then
`replaced`, every write replacing every item, so that each change is as large as one can be)
    light-imports      requests/s p50 p99 errors           while the heavy user imports
    imports            count first(ms) last(ms) last/first errors
    light-heavy-reads  requests/s p50 p99 errors           while 16 day timelines run at once
    heavy-reads        count p50(ms) max(ms) errors
    light-promotes     requests/s p50 p99 errors           while the heavy user promotes
    promotes           count p50(ms) max(ms) errors        scenarios of the heaviest folio (S15.6)
    peak-rss           the server's VmHWM (MiB) at the end, and its VmRSS
After the heavy reads, the heavy user promotes LOAD_PROMOTES scenarios of that folio one after
the other, each forked from its draft, given one more expense through the scenario's own route,
promoted with a reason, then deleted with the draft it replaced; the light reads go on meanwhile.
Every wait is bounded (30 s per request, 120 s per import); the script fails on none of the
statuses it counts as errors: it reports them.
"""

import base64
import http.client
import os
import json
import math
import statistics
import sys
import threading
import time

PORT, PID = int(sys.argv[1]), int(sys.argv[2])
LIGHT, LIGHT_PATH, HEAVY = sys.argv[3], sys.argv[4], sys.argv[5]
IMPORTS = int(sys.argv[6]) if len(sys.argv) > 6 else 30
# How many history pages are read at once, and which scenarios run (`histories` alone, or all).
HISTORIES = int(os.environ.get("LOAD_HISTORIES", "16"))
PARTS = os.environ.get("LOAD_NOISY_PARTS", "all")


def auth(pair):
    return {"Authorization": "Basic " + base64.b64encode(pair.encode()).decode()}


def document():
    """The at-limits plan document: 83 team members, each with 1,000 parts."""
    positions = []
    for member in range(83):
        rates = [{"rate": 80 + (i % 40), "startDate": day(3 * i)} for i in range(1000)]
        allocations = [
            {"startDate": day(3 * i), "endDate": day(3 * i + 1), "percentage": 50 + i % 50}
            for i in range(1, 1000)
        ]
        hours = [
            {"startDate": day(3 * i), "endDate": day(3 * i + 1), "effort": 8, "otEffort": 1}
            for i in range(1000)
        ]
        positions.append({
            "position": {
                "name": f"Member {member}", "description": "", "title": "Engineer",
                "kind": ".TeamMember", "member": f"m{member}", "folioId": 1,
                "rate": {"rate": 80, "startDate": "2026-01-01"},
                "allocation": {"startDate": day(0), "endDate": day(1), "percentage": 50},
            },
            "rates": rates[1:],
            "allocations": allocations,
            "hours": hours,
        })
    folio = {
        "name": "At the limits", "description": "", "owner": "x", "startDate": "2026-01-01",
        "endDate": "2035-12-31", "closedDate": None, "reserve": 10, "contingency": 5,
        "tolerance": 10, "hoursPerDay": None, "currencyCode": "EUR", "withRevenue": True,
        "withEarned": False, "revenuesAsClientCosts": False, "usesUserRates": False,
        "isSynchronizedWithWorkLogs": False, "isSynchronizedWithServiceBilledHours": False,
        "savedFilterId": 1, "holidaySchemeId": 1, "workloadSchemeId": 1,
    }
    return json.dumps({"folio": folio, "positions": positions, "expenses": [], "scope": []}).encode()


def widest():
    """The heaviest folio to read: ten years, 2,000 team members (the position-months cap) and
    5,000 monthly expenses, as a plan document."""
    folio = json.loads(document())["folio"]
    folio["name"] = "Widest"
    positions = [{
        "position": {
            "name": f"Member {member}", "description": "", "title": "Engineer",
            "kind": ".TeamMember", "member": f"w{member}", "folioId": 1,
            "rate": {"rate": 60 + member % 50, "startDate": "2026-01-01"},
            "allocation": {"startDate": "2026-01-01", "endDate": "2035-12-31", "percentage": 100},
        },
        "rates": [], "allocations": [], "hours": [],
    } for member in range(2000)]
    expenses = [{
        "folioId": 1, "name": f"Licence {n}", "description": "", "type": "Software",
        "category": "OPEX", "kind": ".PlannedExpense", "amount": 100 + n % 7, "currencyCode": "EUR",
        "recurrence": {"kind": ".Monthly", "startDate": day(n % 3000), "occurrences": 12, "interval": 1},
    } for n in range(5000)]
    return json.dumps({"folio": folio, "positions": positions, "expenses": expenses, "scope": []}).encode()


def day(n):
    """The n-th day from 2026-01-01, as ISO text."""
    return time.strftime("%Y-%m-%d", time.gmtime(1767225600 + 86400 * n))


def percentile(times, share):
    ranked = sorted(times)
    return ranked[max(0, math.ceil(share * len(ranked)) - 1)]


class Light(threading.Thread):
    """The light user's reads, one after the other on one connection, until stopped."""

    def __init__(self):
        super().__init__(daemon=True)
        self.stop, self.times, self.errors = threading.Event(), [], 0

    def run(self):
        connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)
        started = time.perf_counter()
        while not self.stop.is_set():
            at = time.perf_counter()
            try:
                connection.request("GET", LIGHT_PATH, headers=auth(LIGHT))
                response = connection.getresponse()
                response.read()
                if response.status != 200:
                    self.errors += 1
            except (OSError, http.client.HTTPException):
                self.errors += 1
                connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)
            self.times.append(time.perf_counter() - at)
        self.seconds = time.perf_counter() - started

    def line(self, name):
        t = self.times or [0.0]
        return (f"{name} {len(self.times) / self.seconds:.1f} {statistics.median(t) * 1000:.2f} "
                f"{percentile(t, 0.99) * 1000:.2f} {self.errors} max={max(t) * 1000:.1f}")


def measured_light(work):
    light = Light()
    light.start()
    time.sleep(0.5)
    result = work()
    light.stop.set()
    light.join(60)
    return light, result


def post(path, body, pair, timeout):
    """The status and body of a POST; a server that answers before it reads the whole body
    (a 413, a 429) and closes is answered by its status all the same."""
    connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=timeout)
    headers = dict(auth(pair), **{"Content-Type": "application/json"})
    try:
        connection.request("POST", path, body=body, headers=headers)
    except (BrokenPipeError, ConnectionResetError):
        pass
    try:
        response = connection.getresponse()
        return response.status, response.read()
    except (OSError, http.client.HTTPException) as error:
        return 0, str(error).encode()


def get(path, pair, timeout):
    connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=timeout)
    connection.request("GET", path, headers=auth(pair))
    response = connection.getresponse()
    return response.status, response.read()


def memory():
    values = {}
    with open(f"/proc/{PID}/status") as status:
        for text in status:
            key, _, value = text.partition(":")
            if key in ("VmHWM", "VmRSS"):
                values[key] = int(value.split()[0]) / 1024
    return values


def scope(round_, replace):
    """A scope of 4,700 items with 128-character keys, just under 1 MiB: all new in each round
    (`replace`: a change as large as a change can be), or the same items with one of them moved
    on (a change of two fields, so that a page reads as many entries as its budget lets it)."""
    prefix = f"{round_:03d}" if replace else "000"
    items = [{"key": f"{prefix}-{n:05d}-" + "k" * 118, "weight": 1 + (round_ if n == round_ else 0),
              "logged": 0, "remaining": 1, "done": n < round_, "progressive": False}
             for n in range(4700)]
    return json.dumps({"items": items}).encode()


def put(path, body, pair, timeout):
    connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=timeout)
    headers = dict(auth(pair), **{"Content-Type": "application/json"})
    connection.request("PUT", path, body=body, headers=headers)
    response = connection.getresponse()
    return response.status, response.read()


def largest_histories(replace):
    """The heavy user's folio with the largest history allowed, then 16 pages of it at once."""
    folio = json.loads(document())["folio"]
    folio["name"] = "N" * 255
    folio["owner"] = HEAVY.split(":")[0]
    folio["description"] = "D" * 500
    status, answer = post("/budgets/1/folio", json.dumps(folio).encode(), HEAVY, 60)
    if status != 200:
        print(f"noisy: the history folio answered {status}: {answer[:300]!r}", file=sys.stderr)
        sys.exit(1)
    folio_id = json.loads(answer)["success"]
    written = 0
    for round_ in range(120):
        body = scope(round_, replace)
        assert len(body) < 2**20, len(body)
        for _ in range(50):
            status, answer = put(f"/budgets/1/folio/{folio_id}/scope", body, HEAVY, 60)
            if status != 429:
                break
            time.sleep(0.2)
        if status == 200:
            written += 1
        else:
            print(f"noisy: a scope write answered {status}: {answer[:200]!r}", file=sys.stderr)
    print(f"noisy: {written} scope writes of about 1 MiB", file=sys.stderr)
    path = f"/budgets/1/folio/{folio_id}/history?limit=200"

    def reads():
        results = []

        def one():
            at = time.perf_counter()
            try:
                status, body = get(path, HEAVY, 120)
            except (OSError, http.client.HTTPException):
                status, body = 0, b""
            results.append((time.perf_counter() - at, status, len(body)))

        threads = [threading.Thread(target=one) for _ in range(HISTORIES)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(130)
        return results

    light, results = measured_light(reads)
    kind = "replaced" if replace else "moved"
    print(light.line(f"light-histories-{kind}"))
    seconds = [t for t, _, _ in results] or [0.0]
    refused = sum(1 for _, s, _ in results if s in (429, 503))
    errors = sum(1 for _, s, _ in results if s not in (200, 429, 503))
    print(f"histories-{kind} {len(results)} {statistics.median(seconds) * 1000:.1f} "
          f"{max(seconds) * 1000:.1f} {errors} {refused} {max(n for _, _, n in results)}")
    print(f"noisy: history statuses {sorted(s for _, s, _ in results)}", file=sys.stderr)
    rss = memory()
    print(f"peak-rss-histories-{kind} {rss.get('VmHWM', 0):.0f} {rss.get('VmRSS', 0):.0f}")


def send(method, path, body, pair, timeout):
    """The status and body of a request with a JSON body (or none)."""
    connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=timeout)
    headers = dict(auth(pair), **{"Content-Type": "application/json"})
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    return response.status, response.read()


def promotions(folio):
    """LOAD_PROMOTES promotions of the heaviest folio's scenarios, the light reads going on."""
    rounds = int(os.environ.get("LOAD_PROMOTES", "10"))
    base = f"/budgets/1/folio/{folio}/scenarios"

    def promotes():
        times, errors = [], 0
        for round_ in range(rounds):
            status, answer = send("POST", base, json.dumps({"name": f"Round {round_}"}).encode(), HEAVY, 60)
            if status != 200:
                print(f"noisy: a fork answered {status}: {answer[:300]!r}", file=sys.stderr)
                errors += 1
                continue
            scenario = json.loads(answer)["success"]["id"]
            expense = {"folioId": folio, "name": f"Crane {round_}", "description": "", "type": "t",
                       "category": "CAPEX", "kind": ".PlannedExpense", "amount": 1000 + round_,
                       "currencyCode": "EUR", "recurrence": {"kind": ".Once", "startDate": "2027-03-01"}}
            status, answer = send("POST", f"{base}/{scenario}/expense", json.dumps(expense).encode(), HEAVY, 60)
            if status != 200:
                print(f"noisy: a scenario's change answered {status}: {answer[:300]!r}", file=sys.stderr)
                errors += 1
            at = time.perf_counter()
            status, answer = send("POST", f"{base}/{scenario}/promote",
                                  json.dumps({"reason": f"round {round_}"}).encode(), HEAVY, 120)
            times.append(time.perf_counter() - at)
            if status != 200:
                print(f"noisy: a promotion answered {status}: {answer[:300]!r}", file=sys.stderr)
                errors += 1
                continue
            previous = json.loads(answer)["success"]["previousDraftId"]
            for gone in (scenario, previous):
                send("DELETE", f"{base}/{gone}", None, HEAVY, 60)
        return times, errors

    light, (times, errors) = measured_light(promotes)
    print(light.line("light-promotes"))
    times = times or [0.0]
    print(f"promotes {len(times)} {statistics.median(times) * 1000:.1f} "
          f"{max(times) * 1000:.1f} {errors}")
    print("noisy: promotion times (ms): " + " ".join(f"{t * 1000:.0f}" for t in times), file=sys.stderr)


def main():
    alone, _ = measured_light(lambda: time.sleep(5))
    print(alone.line("light-alone"))
    if PARTS == "promotes":
        status, answer = post("/budgets/1/folio/import", widest(), HEAVY, 300)
        if status != 200:
            print(f"noisy: the widest folio's import answered {status}: {answer[:300]!r}", file=sys.stderr)
            sys.exit(1)
        promotions(json.loads(answer)["success"]["folioId"])
        return
    largest_histories(replace=False)
    largest_histories(replace=True)
    if PARTS == "histories":
        return
    body = document()
    print(f"noisy: the import document is {len(body) / 2**20:.1f} MiB", file=sys.stderr)

    imported = {}

    def imports():
        times, errors = [], 0
        for _ in range(IMPORTS):
            at = time.perf_counter()
            status, answer = post("/budgets/1/folio/import", body, HEAVY, 120)
            times.append(time.perf_counter() - at)
            if status == 200:
                imported["folio"] = json.loads(answer)["success"]["folioId"]
            else:
                errors += 1
                print(f"noisy: import answered {status}: {answer[:300]!r}", file=sys.stderr)
        return times, errors

    light, (times, errors) = measured_light(imports)
    print(light.line("light-imports"))
    print(f"imports {len(times)} {times[0] * 1000:.1f} {times[-1] * 1000:.1f} "
          f"{times[-1] / times[0]:.2f} {errors}")
    print("noisy: import times (ms): " + " ".join(f"{t * 1000:.0f}" for t in times), file=sys.stderr)

    status, answer = post("/budgets/1/folio/import", widest(), HEAVY, 300)
    if status != 200:
        print(f"noisy: the widest folio's import answered {status}: {answer[:300]!r}", file=sys.stderr)
        sys.exit(1)
    folio = json.loads(answer)["success"]["folioId"]
    heavy_path = f"/budgets/1/folio/{folio}/timeline?asOf=2030-06-30&granularity=day"
    print(f"noisy: heavy reads GET {heavy_path}", file=sys.stderr)

    def heavy_reads():
        results = []

        def one():
            at = time.perf_counter()
            try:
                status, _ = get(heavy_path, HEAVY, 300)
            except (OSError, http.client.HTTPException):
                status = 0
            results.append((time.perf_counter() - at, status))

        threads = [threading.Thread(target=one) for _ in range(16)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(310)
        return results

    light, results = measured_light(heavy_reads)
    print(light.line("light-heavy-reads"))
    seconds = [t for t, _ in results] or [0.0]
    statuses = sorted({status for _, status in results})
    print(f"heavy-reads {len(results)} {statistics.median(seconds) * 1000:.1f} "
          f"{max(seconds) * 1000:.1f} {sum(1 for _, s in results if s != 200)}")
    print(f"noisy: heavy read statuses {statuses}", file=sys.stderr)
    promotions(folio)
    rss = memory()
    print(f"peak-rss {rss.get('VmHWM', 0):.0f} {rss.get('VmRSS', 0):.0f}")


main()
