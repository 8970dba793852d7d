#!/usr/bin/env python3
"""Large sites: our build against Hugo and mdBook on the same generated pages, in one
alternating run, with build time, peak memory (RSS), output bytes and the largest page.

Shapes (bench/gen_site.py --unlinked: folders of 50 pages, categories without pages of their
own): 10,000 pages in 200 folders and 100,000 pages in 2,000 folders. For each page our HTML
must stay within 2x (its content HTML + 20 KB): the script reports the worst ratio.

Hugo is Debian's `hugo` (installed with apt-get where missing), with a layout that shows what
ours shows: the top level of the sidebar and the page's own folder, a table of contents and
highlighted code (Hugo's default, Chroma). mdBook 0.4.52 as in bench/vs_mdbook.py (its sidebar
is the whole book on every page). A tool that is still running after --limit seconds (600 by
default) is stopped and reported as such.

`docsite serve` on the first size: resident memory once the site (and its search index) is up,
then the time of each of five one-file rebuilds (an edit to one page) as serve reports it, and
the resident memory after them.

Nothing is deleted until the bench ends (about 20 GB for both sizes with Hugo): without a
journal (as on the machines this runs on), ext4 passes over each free inode deleted in the last
minute (six while its inode block is unwritten) when it creates a file. A 10,001-page build
made right after two of its outputs were deleted spent half its time there (`recently_deleted`
in the kernel's profile), and a 1,001-page build three minutes after a clean-up of this bench
took twice as long. For the same reason, do not run it just after deleting a large output.

Usage: bench/large.py [--rounds N] [--pages 10000,100000] [--limit S] [--no-hugo] [--no-mdbook]
                      [--no-serve] [--no-build]
(--no-build: use the release binary already in $CARGO_TARGET_DIR as it is.)
"""
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

from vs_mdbook import mdbook, run, size

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGET = os.environ.get("CARGO_TARGET_DIR", os.path.join(REPO, "target"))
sys.path.insert(0, os.path.join(REPO, "bench"))


def arg(name, default):
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


ROUNDS = int(arg("--rounds", "3"))
SIZES = [int(n) for n in arg("--pages", "10000,100000").split(",")]
LIMIT = int(arg("--limit", "600"))
HUGO_LAYOUT = {
    "layouts/_default/baseof.html": """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{{ .Title }} | {{ .Site.Title }}</title>
<meta name="description" content="{{ .Description }}"></head>
<body><header><a href="/">{{ .Site.Title }}</a></header>
<div class="layout"><aside class="sidebar"><nav><ul class="menu">
{{ $current := .CurrentSection }}
{{ range .Site.Sections }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a>
{{ if eq . $current }}<ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}
</li>{{ end }}
</ul></nav></aside>
<main>{{ block "main" . }}{{ end }}</main></div></body></html>
""",
    "layouts/_default/single.html": """{{ define "main" }}<article><h1>{{ .Title }}</h1>{{ .Content }}</article>
<nav class="toc">{{ .TableOfContents }}</nav>{{ end }}
""",
    "layouts/_default/list.html": """{{ define "main" }}<h1>{{ .Title }}</h1><ul>
{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> {{ .Description }}</li>{{ end }}</ul>{{ end }}
""",
}


def once(cmd, cwd=None):
    """Wall time (s) and peak RSS (MiB) of one run via GNU time, or None past the limit."""
    # What earlier runs wrote is flushed first: the kernel writing it back during this run
    # would take CPU from this run (on two cores), more the more the runs before it wrote.
    os.sync()
    # A session of its own, so that a tool past the limit is stopped with GNU time, not left
    # running beside the next runs (killing `time` alone orphaned a 100,000-page Hugo build).
    proc = subprocess.Popen(["/usr/bin/time", "-f", "%e %M"] + cmd, cwd=cwd, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        _, stderr = proc.communicate(timeout=LIMIT)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        return None
    r = subprocess.CompletedProcess(proc.args, proc.returncode, None, stderr)
    if r.returncode != 0:
        raise SystemExit(f"{cmd[0]} failed:\n{r.stderr[-2000:]}")
    wall, kib = r.stderr.strip().splitlines()[-1].split()
    return float(wall), int(kib) / 1024


def hugo_site(site, dest):
    """The generated pages as a Hugo site: the same Markdown and front matter under content/."""
    shutil.rmtree(dest, ignore_errors=True)
    shutil.copytree(os.path.join(site, "docs"), os.path.join(dest, "content"), ignore=shutil.ignore_patterns("_category_.json"))
    for folder in os.listdir(os.path.join(dest, "content")):
        with open(os.path.join(dest, "content", folder, "_index.md"), "w") as f:
            f.write(f"---\ntitle: Folder {folder[1:]}\nweight: {folder[1:]}\n---\n")
    for path, text in HUGO_LAYOUT.items():
        os.makedirs(os.path.dirname(os.path.join(dest, path)), exist_ok=True)
        with open(os.path.join(dest, path), "w") as f:
            f.write(text)
    with open(os.path.join(dest, "config.toml"), "w") as f:
        f.write('baseURL = "https://bench.example/"\ntitle = "Bench Docs"\ndisableKinds = ["taxonomy", "term", "RSS"]\n'
                "[markup.highlight]\nnoClasses = false\n[markup.tableOfContents]\nstartLevel = 2\nendLevel = 3\n")


def worst_page(out):
    """The largest page HTML and the worst ratio of a page's HTML to (its content HTML + 20 KB)."""
    worst, largest = (0.0, ""), (0, "")
    content = re.compile(rb'<div class="markdown" id="__docsite-content">(.*?)</div>\s*</article>', re.S)
    for d, _, fs in os.walk(out):
        if "index.html" not in fs or "/_site" in d:
            continue
        path = os.path.join(d, "index.html")
        with open(path, "rb") as f:
            html = f.read()
        m = content.search(html)
        body = len(m.group(1)) if m else 0
        rel = os.path.relpath(path, out)
        largest = max(largest, (len(html), rel))
        worst = max(worst, (len(html) / (body + 20_000), rel))
    return largest, worst


def compare(pages, tmp, tools):
    folders = pages // 50
    site, book = os.path.join(tmp, f"site-{pages}"), os.path.join(tmp, f"book-{pages}")
    run([sys.executable, os.path.join(REPO, "bench", "gen_site.py"), site, str(pages), "--unlinked", "--folders", str(folders)]
        + (["--mdbook", book] if "mdbook" in tools else []))
    if "hugo" in tools:
        hugo_site(site, os.path.join(tmp, f"hugo-{pages}"))
    cmds = {
        "docsite": lambda i: [tools["docsite"], "build", site, "-o", os.path.join(tmp, f"out-{pages}-{i}")],
        "hugo": lambda i: [tools.get("hugo", ""), "--quiet", "-s", os.path.join(tmp, f"hugo-{pages}"), "-d", os.path.join(tmp, f"hugo-out-{pages}-{i}")],
        "mdbook": lambda i: [tools.get("mdbook", ""), "build", book, "-d", os.path.join(tmp, f"book-out-{pages}-{i}")],
    }
    outs = {"docsite": f"out-{pages}-0", "hugo": f"hugo-out-{pages}-0", "mdbook": f"book-out-{pages}-0"}
    results = {name: [] for name in tools}
    for i in range(ROUNDS):  # alternating, each into a new folder (a cold build)
        for name in tools:
            if results[name] is not None:
                r = once(cmds[name](i))
                results[name] = None if r is None else results[name] + [r]
    print(f"{pages} pages in {folders} folders ({ROUNDS} alternating rounds, medians):")
    for name in tools:
        if results[name] is None:
            print(f"  {name}: did not finish within {LIMIT} s")
            continue
        wall = statistics.median(r[0] for r in results[name])
        peak = max(r[1] for r in results[name])
        mib, files = size(os.path.join(tmp, outs[name]))
        print(f"  {name}: {wall:.2f} s, peak {peak:.0f} MiB, output {mib:.0f} MiB in {files} files")
    (big, big_at), (ratio, ratio_at) = worst_page(os.path.join(tmp, outs["docsite"]))
    print(f"  docsite largest page HTML {big / 1000:.1f} KB ({big_at}); worst HTML / (content + 20 KB) {ratio:.2f} ({ratio_at})")


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS")) / 1024


def wait_for(lines, pattern, timeout=600):
    """The first line of the server's stderr matching `pattern` (a regex)."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        line = lines.readline()
        if not line:
            raise SystemExit("docsite serve stopped")
        m = re.search(pattern, line)
        if m:
            return m
    raise SystemExit(f"docsite serve: no line matching {pattern!r}")


REBUILD = r"pages \((\d+) rendered(?:, (\d+) component uses? rendered)?\).* in ([\d.]+) ms"


def append_sentence(text, i):
    return text + f"\nOne more sentence, edit {i}.\n"


def edit_rebuilds(docsite, site, path, port, edit=append_sentence, edits=5):
    """`docsite serve` on `site` while the file at `path` is edited `edits` times, each time to
    `edit(text, i)`: resident memory (MiB) once up and after the edits, and each rebuild's
    (time in ms, pages rendered, component uses rendered) as serve reports it."""
    proc = subprocess.Popen([docsite, "serve", site, "--port", str(port)], stderr=subprocess.PIPE, text=True)
    try:
        wait_for(proc.stderr, r"serving http")
        up = rss_mib(proc.pid)
        times = []
        for i in range(edits):
            with open(path) as f:
                text = f.read()
            with open(path, "w") as f:
                f.write(edit(text, i))
            m = wait_for(proc.stderr, REBUILD)
            times.append((float(m.group(3)), int(m.group(1)), int(m.group(2) or 0)))
            wait_for(proc.stderr, r"search index updated")
        after = rss_mib(proc.pid)
    finally:
        proc.terminate()
        proc.wait()
    return up, after, times


def serve(docsite, pages, tmp):
    """Resident memory and one-file rebuild times of `docsite serve` on the generated site."""
    site = os.path.join(tmp, f"site-{pages}")
    page = os.path.join(site, "docs", "f5", "page-250.md")
    up, after, times = edit_rebuilds(docsite, site, page, 38733)
    ms = statistics.median(t for t, *_ in times)
    print(f"  docsite serve: resident {up:.0f} MiB once up, {after:.0f} MiB after 5 edits; "
          f"one-file rebuild median {ms:.0f} ms ({times[0][1]} page rendered)")


def main():
    if "--no-build" not in sys.argv:
        run(["cargo", "build", "--release", "--quiet", "-p", "docsite"], cwd=REPO)
    tools = {"docsite": os.path.join(TARGET, "release", "docsite")}
    if "--no-hugo" not in sys.argv:
        if not shutil.which("hugo"):
            run(["apt-get", "install", "-y", "hugo"])
        tools["hugo"] = shutil.which("hugo")
        print(run(["hugo", "version"]).stdout.strip())
    if "--no-mdbook" not in sys.argv:
        tools["mdbook"] = mdbook()
    with tempfile.TemporaryDirectory(dir=os.environ.get("BENCH_TMP")) as tmp:
        for pages in SIZES:
            compare(pages, tmp, tools)
            if pages == SIZES[0] and "--no-serve" not in sys.argv:
                serve(tools["docsite"], pages, tmp)


if __name__ == "__main__":
    main()
