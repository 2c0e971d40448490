"""The Python client's half of bench/clients.ts: overhead over raw httpx on the same URLs, and walking
every page. Prints tab-separated rows; run by the TypeScript benchmark with the API's base URL."""

import statistics
import sys
import time

import httpx

from skills_directory import SkillsDirectory

api, rounds, requests = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])


def timed(n, f):
    out = []
    for _ in range(n):
        t = time.perf_counter()
        f()
        out.append((time.perf_counter() - t) * 1000)
    return out


def p(values, q):
    s = sorted(values)
    return s[min(len(s) - 1, int(q / 100 * len(s)))]


raw = httpx.Client()
with SkillsDirectory(api) as client:
    calls = {
        "/skills?limit=20": lambda: client.list_skills(limit=20),
        "/skills/anvil-dev/pdf": lambda: client.get_skill("anvil-dev", "pdf"),
        "/skills/search?q=pdf": lambda: client.search("pdf"),
    }
    for path, call in calls.items():
        timed(10, lambda: raw.get(api + path).json())
        timed(10, call)
        r, c = [], []
        for _ in range(rounds):
            r += timed(requests, lambda: raw.get(api + path).json())
            c += timed(requests, call)
        print("overhead", path, f"{p(r, 50):.3f}", f"{p(c, 50):.3f}", f"{p(r, 95):.3f}", f"{p(c, 95):.3f}", sep="\t")
    for limit in (100, 20, 1):
        times, items = [], 0
        for _ in range(3):
            t = time.perf_counter()
            items = sum(1 for _ in client.iter_skills(limit=limit))
            times.append((time.perf_counter() - t) * 1000)
        print("walk", limit, items, -(-items // limit), f"{statistics.median(times):.3f}", sep="\t")
