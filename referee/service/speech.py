"""Verdicts said aloud: a sentence in one of the service's languages, synthesised offline
by espeak-ng and encoded as Ogg Opus, small enough for a table's poor phone network
(issue 28). No Flask here: referee/api/speech.py is the HTTP side.

- The text is checked first (`refusals`): empty, longer than MAX_TEXT characters,
  control, format (but ZWJ/ZWNJ, which Indic scripts use), private-use, unassigned or
  surrogate code points, markup ('<', '>') and espeak-ng's phoneme brackets ('[[') are
  refused with a code each. espeak-ng is run without -m (no SSML) and reads the text
  on stdin, never through a shell; '[[' is refused because espeak-ng reads
  "[[...]]" as phonemes even without -m.
- The text is then written for the ear (`spoken`, SPOKEN below), and synthesised:
  espeak-ng's WAV on its stdout, cut off past MAX_SECONDS of speech (a 300-character
  text of letters spelled one by one would say two minutes), then opusenc, mono, at
  BITRATE_KBPS, with a fixed Ogg serial so every process encodes the same bytes, and
  no padding after the tags (opusenc reserves 512 bytes: 7% of a sentence).
  Both run under one deadline (TIMEOUT_SECONDS): a hang never holds a worker.
- Audio is cached by content in each process's memory (`SpeechCache`): the key is
  the sha256 of the voice, the spoken text, the settings and espeak-ng's version, so
  one sentence is synthesised once per process however many phones ask for it, and
  at once (the others wait for the first). The cache is bounded in bytes and entries,
  least recently used first out. At most MAX_SYNTHESES run at once per process.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import selectors
import shutil
import subprocess
import threading
import time
import unicodedata
from collections import OrderedDict

from referee.problem import InputProblem

# The service's languages and the espeak-ng voice that says each (`espeak-ng --voices`:
# gmw/en, inc/gu, inc/hi, inc/ne, dra/te in espeak-ng 1.51).
VOICES = {"en": "en", "gu": "gu", "hi": "hi", "ne": "ne", "te": "te"}

# FOR SPEECH ONLY, never for text shown: what a voice should hear instead of what the
# sentence shows. espeak-ng 1.51, checked with `espeak-ng -q -x -v <voice> <text>`
# (phonemes; nobody could listen here):
# - "UNO": the Indic voices switch to the English voice for this Latin word
#   ("(en)'u:noU(gu)"), a change of voice mid-sentence; the native spelling stays in
#   the voice: ઊનો 'uno:, ऊनो 'uno: (hi) / 'Uno: (ne), ఊనో 'u:no:. English already says
#   'u:noU (not spelled letter by letter in 1.51); "Oono" makes sure of it.
# - digits: the Nepali voice reads Latin digits in English ("3": "(en)Tr'i:(ne)",
#   "12": "(en) tw'Elv(ne)"); Devanagari digits are Nepali (३ t'i:n, १२ b'a:*@2). The
#   Gujarati, Hindi and Telugu voices read Latin digits in their language, the same
#   phonemes as their native digits (3: tr'@2n. / t'i:n / m'u:d.u): left as they are.
SPOKEN = {
    "en": {"words": {"UNO": "Oono"}, "digits": None},
    "gu": {"words": {"UNO": "ઊનો"}, "digits": None},
    "hi": {"words": {"UNO": "ऊनो"}, "digits": None},
    "ne": {"words": {"UNO": "ऊनो"}, "digits": "०१२३४५६७८९"},
    "te": {"words": {"UNO": "ఊనో"}, "digits": None},
}

MAX_TEXT = 300             # characters (code points) of one text
MAX_SECONDS = 30           # of speech: past this, espeak-ng is stopped and the text refused
TIMEOUT_SECONDS = 5.0      # espeak-ng and opusenc together, for one text
BITRATE_KBPS = 16          # Opus, mono: about 2 KB a second of speech
MAX_SYNTHESES = 2          # at once per process (the machine's cores)
SLOT_WAIT_SECONDS = 2.0    # for one of those, before answering 503 (Retry-After)
SAMPLE_RATE = 22050        # espeak-ng's voices: 16-bit mono
WAV_HEADER = 44
ESPEAK = "espeak-ng"
OPUSENC = "opusenc"
# What goes into the key besides the voice and the text: a change here is new audio.
SETTINGS = {"bitrate": BITRATE_KBPS, "encoder": "opusenc --speech --downmix-mono --padding 0 --serial 1",
            "espeak": "--stdout"}
SERIAL = "1"

# Code points allowed although their category is refused: ZWNJ and ZWJ shape Indic text.
JOINERS = {"\u200c", "\u200d"}
REFUSED_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
MARKUP = re.compile(r"[<>]|\[\[")

# The codes of a refused text or language (errors[].code of a 422), for the OpenAPI
# document and docs/speech.md.
CODES = {
    "required": "A required field is missing.",
    "out-of-range": "A number, a length or a count of items is outside its limits.",
    "no-voice": "The service has no voice for this language (it speaks en, gu, hi, ne and te).",
    "unspeakable-character": "A control, format, private-use, unassigned or surrogate code "
                             "point, which a voice cannot say.",
    "markup": "'<', '>' or '[[': markup and phoneme brackets are refused, never read.",
    "speech-too-long": f"The text would take more than {MAX_SECONDS} seconds to say.",
}
SPEECH_ONLY_CODES = ("no-voice", "unspeakable-character", "markup", "speech-too-long")


class SpeechRefused(Exception):
    """The text or the language cannot be said: `problems` say why (422)."""

    def __init__(self, problems):
        self.problems = list(problems)
        super().__init__("; ".join(p.message for p in self.problems))


class SpeechUnavailable(Exception):
    """espeak-ng or opusenc is missing, failed, timed out, or every synthesis slot is
    busy: a fault of the service, not of the text (503)."""


def voice_for(lang):
    """The voice for a language tag ('hi', 'hi-IN'), or SpeechRefused."""
    if not lang:
        raise SpeechRefused([InputProblem("/lang", "lang is required: en, gu, hi, ne or te",
                                     code="required")])
    primary = str(lang).split("-")[0].split("_")[0].lower()
    if primary not in VOICES:
        raise SpeechRefused([InputProblem("/lang", f"no voice for {str(lang)[:35]!r}: the service "
                                     "speaks en, gu, hi, ne and te", code="no-voice")])
    return primary


def refusals(text):
    """What is wrong with `text` as something to say: a list of Problems (empty: fine)."""
    if text is None or not text.strip():
        return [InputProblem("/text", "text is required: the sentence to say", code="required")]
    if len(text) > MAX_TEXT:
        return [InputProblem("/text", f"text has {len(text)} characters; at most {MAX_TEXT} are said",
                        code="out-of-range")]
    found = []
    for index, char in enumerate(text):
        if char not in JOINERS and unicodedata.category(char) in REFUSED_CATEGORIES:
            found.append(InputProblem("/text", f"character {index} is U+{ord(char):04X}, "
                                 f"which cannot be said", code="unspeakable-character"))
            break
    markup = MARKUP.search(text)
    if markup:
        found.append(InputProblem("/text", f"{markup.group()!r} at character {markup.start()}: "
                             "markup is not read aloud", code="markup"))
    return found


def spoken(text, lang):
    """`text` as the voice of `lang` should hear it (SPOKEN): NFC, whitespace as single
    spaces, the words replaced where they stand alone among Latin letters (case-sensitive), and
    digits in the language's own where its voice needs them."""
    text = " ".join(unicodedata.normalize("NFC", text).split())
    table = SPOKEN[lang]
    for word, said in table["words"].items():
        # Whole Latin words: "UNO," and "UNOનો" are replaced, "UNOS" and "Juno" are not.
        text = re.sub(rf"(?<![A-Za-z]){re.escape(word)}(?![A-Za-z])", said, text)
    if table["digits"]:
        text = text.translate(str.maketrans("0123456789", table["digits"]))
    return text


_version_lock = threading.Lock()
_espeak_version = None


def espeak_version():
    """`espeak-ng --version`'s first line, read once per process (part of every key)."""
    global _espeak_version
    with _version_lock:
        if _espeak_version is None:
            if shutil.which(ESPEAK) is None:
                raise SpeechUnavailable("espeak-ng is not installed: the service cannot speak "
                                        "(scripts/system-deps.sh installs it)")
            try:
                done = subprocess.run([ESPEAK, "--version"], capture_output=True, timeout=5,
                                      stdin=subprocess.DEVNULL)
            except (OSError, subprocess.TimeoutExpired) as exc:
                raise SpeechUnavailable(f"espeak-ng --version failed: {exc}") from None
            _espeak_version = done.stdout.decode("utf-8", "replace").split("Data at")[0].strip()
        return _espeak_version


def key_of(voice, said):
    """The content key of a sentence's audio: also its ETag."""
    material = json.dumps([voice, said, SETTINGS, espeak_version()], ensure_ascii=False)
    return hashlib.sha256(material.encode("utf-8")).hexdigest()


def _stopped(process):
    if process.poll() is None:
        process.kill()
    process.wait()


def _espeak_wav(voice, said, deadline):
    """espeak-ng's WAV of `said`, read until it ends, MAX_SECONDS of speech or the deadline."""
    most = WAV_HEADER + MAX_SECONDS * SAMPLE_RATE * 2
    try:
        process = subprocess.Popen([ESPEAK, "-v", voice, "--stdout"], stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    except FileNotFoundError:
        raise SpeechUnavailable("espeak-ng is not installed: the service cannot speak "
                                "(scripts/system-deps.sh installs it)") from None
    chunks, size, errors = [], 0, b""
    try:
        try:
            process.stdin.write(said.encode("utf-8") + b"\n")  # 1.2 KB at most: fits the pipe
            process.stdin.close()
        except BrokenPipeError:  # it exited at once (no such voice): its stderr says why
            pass
        with selectors.DefaultSelector() as selector:
            selector.register(process.stdout, selectors.EVENT_READ)
            selector.register(process.stderr, selectors.EVENT_READ)
            open_streams = 2
            while open_streams:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise SpeechUnavailable(f"espeak-ng took more than {TIMEOUT_SECONDS:g} s")
                for ready, _ in selector.select(left):
                    data = os.read(ready.fd, 65536)
                    if not data:
                        selector.unregister(ready.fileobj)
                        open_streams -= 1
                    elif ready.fileobj is process.stderr:
                        errors = (errors + data)[:2000]
                    else:
                        chunks.append(data)
                        size += len(data)
                        if size > most:
                            raise SpeechRefused([InputProblem(
                                "/text", f"this text takes more than {MAX_SECONDS} s to say",
                                code="speech-too-long")])
        code = process.wait(max(deadline - time.monotonic(), 0.01))
    except subprocess.TimeoutExpired:
        raise SpeechUnavailable(f"espeak-ng took more than {TIMEOUT_SECONDS:g} s") from None
    finally:
        _stopped(process)
    wav = b"".join(chunks)
    if code != 0 or size <= WAV_HEADER:
        message = errors.decode("utf-8", "replace").strip()[:200]
        raise SpeechUnavailable(f"espeak-ng failed with voice {voice!r} (exit {code}): "
                                f"{message or 'no audio'}")
    return wav


def _opus(wav, deadline):
    try:
        done = subprocess.run(
            [OPUSENC, "--quiet", "--bitrate", str(BITRATE_KBPS), "--speech", "--downmix-mono",
             "--padding", "0", "--serial", SERIAL, "-", "-"],
            input=wav, capture_output=True, timeout=max(deadline - time.monotonic(), 0.01))
    except FileNotFoundError:
        raise SpeechUnavailable("opusenc is not installed (Debian's opus-tools): the service "
                                "cannot encode speech (scripts/system-deps.sh installs it)") from None
    except subprocess.TimeoutExpired:
        raise SpeechUnavailable(f"espeak-ng and opusenc took more than {TIMEOUT_SECONDS:g} s") from None
    if done.returncode != 0 or not done.stdout.startswith(b"OggS"):
        message = done.stderr.decode("utf-8", "replace").strip()[:200]
        raise SpeechUnavailable(f"opusenc failed (exit {done.returncode}): {message}")
    return done.stdout


def synthesise(voice, said, timeout=None):
    """Ogg Opus bytes of `said` in `voice` (espeak-ng then opusenc, one deadline)."""
    deadline = time.monotonic() + (TIMEOUT_SECONDS if timeout is None else timeout)
    return _opus(_espeak_wav(voice, said, deadline), deadline)


class SpeechCache:
    """Audio by content key, in this process's memory: at most `max_entries` sentences
    and `max_bytes` bytes, the least recently used dropped first. `get(key, make)`
    answers the audio, calling `make()` only when no entry has it and no other thread
    is making it already (the others wait for that one and read its entry)."""

    def __init__(self, max_bytes=8 * 1024 * 1024, max_entries=1000,
                 max_syntheses=MAX_SYNTHESES):
        self.max_bytes, self.max_entries = max_bytes, max_entries
        self._entries = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()
        self._making = {}  # key -> threading.Event set when its maker is done
        self._slots = threading.BoundedSemaphore(max_syntheses)
        self.syntheses = 0  # how many times make() ran (tests and the bench read it)

    def cached(self, key):
        with self._lock:
            audio = self._entries.get(key)
            if audio is not None:
                self._entries.move_to_end(key)
            return audio

    def get(self, key, make, before_making=None, wait=TIMEOUT_SECONDS):
        """The audio of `key`; `before_making()` runs before this thread makes it (the
        rate limit's charge: a cached or shared answer is not charged)."""
        while True:
            with self._lock:
                audio = self._entries.get(key)
                if audio is not None:
                    self._entries.move_to_end(key)
                    return audio
                busy = self._making.get(key)
                if busy is None:
                    done = self._making[key] = threading.Event()
                    break
            if not busy.wait(wait):
                raise SpeechUnavailable("another request has been saying this text for too long")
            with self._lock:
                audio = self._entries.get(key)
            if audio is not None:
                return audio
            # its maker failed: this thread tries in its turn
        try:
            if before_making is not None:
                before_making()
            if not self._slots.acquire(timeout=SLOT_WAIT_SECONDS):
                raise SpeechUnavailable(f"{MAX_SYNTHESES} texts are being said already: "
                                        "try again in a second")
            try:
                self.syntheses += 1
                audio = make()
            finally:
                self._slots.release()
            self._store(key, audio)
            return audio
        finally:
            with self._lock:
                self._making.pop(key, None)
            done.set()

    def _store(self, key, audio):
        if len(audio) > self.max_bytes:
            return
        with self._lock:
            if key in self._entries:
                return
            self._entries[key] = audio
            self._bytes += len(audio)
            while len(self._entries) > self.max_entries or self._bytes > self.max_bytes:
                _, dropped = self._entries.popitem(last=False)
                self._bytes -= len(dropped)

    def stats(self):
        with self._lock:
            return {"entries": len(self._entries), "bytes": self._bytes,
                    "syntheses": self.syntheses}
