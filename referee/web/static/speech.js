// The table hears the referee (issue 28): when the speaker toggle is on, this phone says
// each move as it arrives, whichever phone recorded it. It speaks with the phone's own
// voice for the page's language (Web Speech API) where the browser has one, else it
// plays the service's audio of the sentence (GET /v1/speech, Ogg Opus) in one <audio>
// element. The words said are the verdict's `spoken` and its next's `spoken` (written
// for the ear, docs/speech.md), else their messages.
//
// Never two at once: a verdict that arrives while another is being said waits for it
// to end; of the verdicts waiting, only the newest is kept (a burst of moves says the
// last one, not a backlog the table has already played past). "Say the last verdict
// again" queues the last one once more the same way.
"use strict";

const tableSpeech = (() => {
  const STORE_KEY = "referee.speech";
  const LONGEST = 20000;  // ms: a sentence that never reports its end frees the queue then
  let on = false;
  let last = null;       // the words of the last verdict heard
  let speaking = false;
  let waiting = null;    // the newest words waiting for the current ones to end
  let audio = null;      // the one <audio> element (made on the first tap: phones allow it then)
  let toggle = null;
  let again = null;

  function remembered() {
    try { return localStorage.getItem(STORE_KEY) === "on"; } catch { return false; }
  }

  function keep(value) {
    try { localStorage.setItem(STORE_KEY, value ? "on" : "off"); } catch { /* private mode */ }
  }

  // The phone's voice for the page's language ("hi" matches "hi-IN"), if it has one.
  function phoneVoice() {
    if (!("speechSynthesis" in window)) return null;
    const lang = page.lang.toLowerCase();
    return window.speechSynthesis.getVoices().find((voice) => {
      const tag = (voice.lang || "").toLowerCase().replace("_", "-");
      return tag === lang || tag.startsWith(`${lang}-`);
    }) || null;
  }

  function wordsOf(verdict) {
    if (!verdict) return "";
    const next = verdict.next || {};
    return [verdict.spoken || verdict.message, next.spoken || next.message]
      .filter(Boolean).join(" ");
  }

  function done() {
    speaking = false;
    if (waiting) {
      const words = waiting;
      waiting = null;
      start(words);
    }
  }

  function start(words) {
    speaking = true;
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(guard);
      done();
    };
    const guard = setTimeout(finish, LONGEST);
    const voice = phoneVoice();
    if (voice) {
      const utterance = new SpeechSynthesisUtterance(words);
      utterance.voice = voice;
      utterance.lang = voice.lang;
      utterance.onend = finish;
      utterance.onerror = finish;
      window.speechSynthesis.speak(utterance);
      return;
    }
    if (!audio || !audio.canPlayType("audio/ogg; codecs=opus")) return finish();  // the text is on screen
    const url = new URL("/v1/speech", window.location.origin);
    url.searchParams.set("lang", page.lang);
    url.searchParams.set("text", words.slice(0, 300));
    audio.onended = finish;
    audio.onerror = finish;
    audio.src = url.href;
    const playing = audio.play();
    if (playing && playing.catch) playing.catch(finish);
  }

  function say(words) {
    if (!words) return;
    if (speaking) waiting = words;
    else start(words);
  }

  function render() {
    if (!toggle) return;
    toggle.setAttribute("aria-pressed", on ? "true" : "false");
    again.hidden = !on || !last;
  }

  return {
    // The toggle and the repeat button of the page, wired once.
    attach(toggleButton, againButton) {
      toggle = toggleButton;
      again = againButton;
      on = remembered();
      if (on) audio = new Audio();
      toggle.addEventListener("click", () => {
        on = !on;
        keep(on);
        if (on && !audio) audio = new Audio();  // made in the tap: the phone lets it play
        if (!on) {
          waiting = null;
          if ("speechSynthesis" in window) window.speechSynthesis.cancel();
          if (audio) audio.pause();
        }
        render();
      });
      again.addEventListener("click", () => say(last));
      render();
    },
    // A move heard from any phone (its verdict, with `next`): said when the toggle is on.
    heard(verdict) {
      const words = wordsOf(verdict);
      if (!words) return;
      last = words;
      render();
      if (on) say(words);
    },
  };
})();
