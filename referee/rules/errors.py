"""Problems found in a ruleset, and the one exception that carries them.

Every way a ruleset can be wrong (bytes that are not text, YAML that breaks the strict
loader, a shape the JSON Schema refuses, a deck that does not add up) ends as a
`RulesetError` holding `RulesetProblem`s: data a client can show next to the offending line.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from referee.problem import InputProblem

MAX_MESSAGE = 200  # characters; a message may quote user input, which may be huge
MAX_PROBLEMS = 20  # an organiser fixes the first few and runs the check again


def clip(text: str, limit: int = MAX_MESSAGE) -> str:
    """Cut `text` to `limit` characters, marking the cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def M_(message: str) -> str:
    """Marks an English problem message for extraction; referee.text translates it."""
    return message


def MN_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a problem message with plural forms, chosen by its {count}."""
    return singular, plural


# Every problem has a stable code and one message, a whole sentence an organiser can
# read without knowing YAML or JSON Schema. The path and line are shown beside it.
PROBLEM_MESSAGES = {
    # TRANSLATORS: ruleset problem (organisers): the file is in the wrong text encoding.
    "yaml-utf16": M_("The file is saved as UTF-16 text; save it as UTF-8."),
    # TRANSLATORS: ruleset problem: a byte of the file is not UTF-8; {byte} is like 0xff.
    "yaml-not-utf8": M_("Byte {byte} is not valid UTF-8; save the file as UTF-8."),
    # TRANSLATORS: ruleset problem: an invisible character; {char} is its code, like U+0007.
    "yaml-control-character": M_("The character {char} is invisible or a control character, and is not allowed in a ruleset."),
    # TRANSLATORS: ruleset problem: the file is too big; {limit} is a size in KiB.
    "ruleset-too-large": M_("The ruleset is larger than {limit} KiB, the most a ruleset may be."),
    # TRANSLATORS: ruleset problem: a whole number with too many digits; {limit} is a number.
    "yaml-integer-too-long": M_("This number has more than {limit} digits."),
    # TRANSLATORS: ruleset problem: a number written with a leading zero; {value} as written, {number} without the zero.
    "yaml-leading-zero": M_("{value} starts with a zero: write {number}, or put it in quotes if it is text."),
    # TRANSLATORS: ruleset problem: a number too large to use.
    "yaml-number-too-large": M_("This number is too large."),
    # TRANSLATORS: ruleset problem: YAML anchors and aliases (&name, *name) are refused.
    "yaml-anchor": M_("Anchors (&name) and aliases (*name) are not allowed in a ruleset; write the value out in full."),
    # TRANSLATORS: ruleset problem: a YAML tag such as !!python; {tag} is it.
    "yaml-tag": M_("Tags such as {tag} are not allowed in a ruleset."),
    # TRANSLATORS: ruleset problem: the document is too big; {limit} is a number.
    "yaml-too-many-values": M_("The ruleset has more than {limit} values."),
    # TRANSLATORS: ruleset problem: keys inside keys too many times; {limit} is a number.
    "yaml-too-deep": M_("The ruleset is nested more than {limit} levels deep."),
    # TRANSLATORS: ruleset problem: a second YAML document (after ---) in the same file.
    "yaml-several-documents": M_("A ruleset file holds one ruleset only; remove the second --- and what follows it."),
    # TRANSLATORS: ruleset problem: a YAML directive line such as %YAML.
    "yaml-directive": M_("Lines starting with % (YAML directives) are not allowed in a ruleset."),
    # TRANSLATORS: ruleset problem: a key written as a list or mapping.
    "yaml-key-not-name": M_("A key must be a plain name, not a list or a set of keys."),
    # TRANSLATORS: ruleset problem: a key with nothing before its colon.
    "yaml-key-empty": M_("A key is empty; every key must be a name."),
    # TRANSLATORS: ruleset problem: a key such as 7 or true, read as a number or true/false; {key} as written.
    "yaml-key-not-text": M_("The key {key} is read as a number or as true/false, not as a name; put it in quotes: \"{key}\"."),
    # TRANSLATORS: ruleset problem: the same key twice; {key} is the key, {line} the line it is first on.
    "yaml-duplicate-key": M_("The key {key} is written twice; it is first on line {line}."),
    # TRANSLATORS: ruleset problem: a tab character used to indent a line.
    "yaml-tab": M_("This line is indented with a tab; indent with spaces only."),
    # TRANSLATORS: ruleset problem: a line indented further than the line above, which does not open a block.
    "yaml-indent-deeper": M_("This line is indented more than the line above it, but that line does not end with a colon; line it up with the key it belongs with."),
    # TRANSLATORS: ruleset problem: a line whose indentation lines up with no key above it.
    "yaml-indent-misaligned": M_("This line's indentation does not line up with any key above it; indent it by as many spaces as the keys it belongs with."),
    # TRANSLATORS: ruleset problem: a colon where no key can start (often a value that needs quotes, or an indentation slip).
    "yaml-colon": M_("A colon here starts a key where none can start: put the value in quotes, or check the indentation of this line."),
    # TRANSLATORS: ruleset problem: any other YAML mistake at this place.
    "yaml-syntax": M_("This is not valid YAML: check the indentation, the colons, the quotes and the brackets near here."),
    # TRANSLATORS: ruleset problem: the file has nothing in it.
    "yaml-empty": M_("The ruleset is empty; a ruleset starts with id:."),
    # TRANSLATORS: ruleset problem: the whole file is a list or a single value instead of keys.
    "yaml-not-mapping": M_("A ruleset is a set of keys (id:, title:, and so on), not a list or a single value."),
    # TRANSLATORS: ruleset problem: the file cannot be opened; {reason} is the system's reason.
    "file-unreadable": M_("The file cannot be read: {reason}."),
    # TRANSLATORS: ruleset problem: an invisible NUL character in a value.
    "nul-character": M_("This value contains a NUL character, which is not allowed."),
    # TRANSLATORS: ruleset problem: the ruleset passed every check but still cannot be used.
    "ruleset-unusable": M_("The ruleset passes the checks but still cannot be used; simplify the last change and try again."),
    # TRANSLATORS: ruleset problem: only the first problems are listed; {count} more are not.
    "more-problems": MN_("{count} more problem is not shown; fix these first.", "{count} more problems are not shown; fix these first."),
    # TRANSLATORS: ruleset problem: two built-in rulesets with one id; {id} is the id, {other} the other file.
    "id-taken": M_("The id {id} is already used by {other}."),
    # TRANSLATORS: ruleset problem: rulesets extend each other in a circle; {cycle} is like "a -> b -> a".
    "extends-cycle": M_("The extends lines go round in a circle: {cycle}."),
    # TRANSLATORS: ruleset problem: the ruleset named in extends does not exist; {parent} is its id.
    "extends-unknown": M_("There is no ruleset {parent} to extend."),
    # TRANSLATORS: ruleset problem: a parent ruleset extends one that does not exist; {child} is the parent's id, {parent} the missing one.
    "extends-unknown-grandparent": M_("{child}, which this ruleset extends, extends {parent}, and there is no ruleset {parent}."),
    # TRANSLATORS: ruleset problem: each ruleset extends the next, too many times; {limit} is a number, {chain} the first ids, like "a -> b -> c -> ...".
    "extends-too-deep": M_("This ruleset extends rulesets that extend others more than {limit} levels deep ({chain}); extend a ruleset nearer to its edition."),
    # TRANSLATORS: ruleset problem: the ruleset named in extends has problems of its own; {parent} is its id.
    "extends-invalid": M_("The ruleset {parent} that this one extends has problems of its own; fix them first."),
    # TRANSLATORS: ruleset problem: remove_cards names a card the parent ruleset does not have; {kind} is a card id, {parent} a ruleset id.
    "remove-unknown": M_("{kind} cannot be removed: the ruleset {parent} has no such card."),
    # TRANSLATORS: ruleset problem: a parent ruleset removes a card its own parent lacks; {child} is that parent ruleset, {kind} the card id, {parent} the ruleset it extends.
    "remove-unknown-in-parent": M_("The ruleset {child}, which this one extends, removes {kind}, but {parent} has no such card."),
    # TRANSLATORS: ruleset problem: the value must be a whole number.
    "schema-integer": M_("This must be a whole number, like 300."),
    # TRANSLATORS: ruleset problem: the value must be a number.
    "schema-number": M_("This must be a number, like 2 or 2.5."),
    # TRANSLATORS: ruleset problem: the value must be text.
    "schema-string": M_("This must be text."),
    # TRANSLATORS: ruleset problem: the value must be true or false (keep the words true and false).
    "schema-boolean": M_("This must be true or false."),
    # TRANSLATORS: ruleset problem: yes, no, on or off written where true or false is needed (keep true and false); {value} as written, {example} true or false.
    "schema-boolean-written": M_("This must be true or false: write {example} instead of {value}."),
    # TRANSLATORS: ruleset problem: the value must be a list (keep the example as it is).
    "schema-array": M_("This must be a list, like [red, blue]."),
    # TRANSLATORS: ruleset problem: the value must be keys, each on its own indented line.
    "schema-object": M_("This must be a set of keys, each on its own line, indented under this one."),
    # TRANSLATORS: ruleset problem: a value of the wrong kind, or null where a value is needed.
    "schema-type": M_("This value is of the wrong kind here."),
    # TRANSLATORS: ruleset problem: a key with nothing after its colon, where keys were expected below it.
    "schema-empty": M_("This key has no value; if the lines below belong to it, indent them under it."),
    # TRANSLATORS: ruleset problem: a key is missing; {key} is its name.
    "schema-required": M_("The key {key} is missing here."),
    # TRANSLATORS: ruleset problem: a ruleset that extends nothing must write every key; {key} is the missing one.
    "schema-required-complete": M_("The key {key} is missing; a ruleset without extends must write every key, so start from an edition with extends: classic unless you write them all."),
    # TRANSLATORS: ruleset problem: a key is missing, and what to write is known; {key} is its name, {examples} one or more "key: value" lines to copy, joined by "or".
    "schema-required-example": M_("The key {key} is missing here: add {examples}."),
    # TRANSLATORS: ruleset problem: the value must be one of a few words; {allowed} lists them.
    "schema-enum": M_("This must be one of: {allowed}."),
    # TRANSLATORS: ruleset problem: the value can only be one thing; {value} is it.
    "schema-const": M_("This can only be {value}."),
    # TRANSLATORS: ruleset problem: a number too small; {limit} is the smallest allowed.
    "schema-minimum": M_("This must be {limit} or more."),
    # TRANSLATORS: ruleset problem: a number too large; {limit} is the largest allowed.
    "schema-maximum": M_("This must be {limit} or less."),
    # TRANSLATORS: ruleset problem: text that must not be empty.
    "schema-text-empty": M_("This text must not be empty."),
    # TRANSLATORS: ruleset problem: text too long; {limit} is the most characters allowed.
    "schema-text-too-long": M_("This text is longer than {limit} characters."),
    # TRANSLATORS: ruleset problem: a list that must not be empty.
    "schema-list-empty": M_("This list must not be empty."),
    # TRANSLATORS: ruleset problem: a list that is too long; {limit} is the most items allowed.
    "schema-list-too-long": M_("This list has more than {limit} items."),
    # TRANSLATORS: ruleset problem: a list with an item written twice.
    "schema-list-repeats": M_("This list names the same item twice."),
    # TRANSLATORS: ruleset problem: a badly written id; {value} is it (keep the example wild-draw-four).
    "schema-id": M_("{value} is not a valid id: use lowercase letters and digits, in words joined by single hyphens, like wild-draw-four."),
    # TRANSLATORS: ruleset problem: an id with capitals, spaces or other signs; {value} as written, {suggestion} the id made from it (copy both as they are).
    "schema-id-suggest": M_("{value} is not a valid id: an id is lowercase words joined by hyphens; write {suggestion}."),
    # TRANSLATORS: ruleset problem: a key or id typed with curly quotes (a word processor's “ ”); {value} as written, {example} the same with straight quotes.
    "yaml-curly-quotes": M_("{value} is written with curly quotes, which a ruleset reads as letters; type straight quotes instead: {example}."),
    # TRANSLATORS: ruleset problem: a key written with no space after its colon, read as one word; {written} as typed, {example} with the space.
    "yaml-colon-space": M_("{written} needs a space after the colon to be a key and its value: write {example}."),
    # TRANSLATORS: ruleset problem: an option written as true/false that is a set of keys switched on with enabled (keep the key name); {example} is what to write, like jump_in: {enabled: true}.
    "schema-object-enabled": M_("This option is switched on and off by its key enabled: write {example}."),
    # TRANSLATORS: ruleset problem: a number written with quotes or words around it; {value} as written, {number} the number alone.
    "schema-integer-written": M_("This must be a whole number alone, without quotes or words: write {number}, not {value}."),
    # TRANSLATORS: ruleset problem: one item written where a list is needed; {example} is that item in square brackets.
    "schema-array-one": M_("This must be a list, even for one item: write {example}."),
    # TRANSLATORS: ruleset problem: translations: keyed by a language's name; {value} as written, {language} the language code to write instead.
    "translations-language-name": M_("Translations are listed by language code: write {language} instead of {value}."),
    # TRANSLATORS: ruleset problem: translations: keyed by something that is no language code; {value} as written, {codes} the codes allowed, joined by "or".
    "translations-language-code": M_("{value} is not a language code: write {codes}."),
    # TRANSLATORS: ruleset problem: a key of the format written at the wrong level (wrong indentation); {key} is it, {parents} the key or keys it belongs under, like house:, joined by "or".
    "schema-key-elsewhere": M_("{key} does not go at this level: it belongs under {parents}, indented under that key."),
    # TRANSLATORS: ruleset problem: extends names no ruleset, but one with a close id exists; {parent} as written, {suggestion} the id probably meant.
    "extends-unknown-suggest": M_("There is no ruleset {parent} to extend; did you mean {suggestion}?"),
    # TRANSLATORS: ruleset problem: extends names a ruleset by its title instead of its id; {value} as written, {suggestion} the id probably meant.
    "extends-not-an-id": M_("{value} is not a ruleset id; write the id of the ruleset to extend, like {suggestion}."),
    # TRANSLATORS: ruleset problem: a card id the ruleset does not have, but a close one exists; {kind} as written, {suggestion} the card id probably meant.
    "unknown-kind-suggest": M_("{kind} is not a card of this ruleset; did you mean {suggestion}?"),
    # TRANSLATORS: ruleset problem: no_going_out_on names something unknown, but a close card or category exists; {kind} as written, {suggestion} the one probably meant.
    "no-going-out-unknown-suggest": M_("{kind} is neither a card of this ruleset nor a category; did you mean {suggestion}?"),
    # TRANSLATORS: ruleset problem: a value not written in the required form; {value} is it.
    "schema-pattern": M_("{value} is not written in the form this value needs."),
    # TRANSLATORS: ruleset problem: a misspelt key; {key} is it, {suggestion} the key probably meant.
    "schema-unknown-key-suggest": M_("{key} is not a key this ruleset knows here; did you mean {suggestion}?"),
    # TRANSLATORS: ruleset problem: an unknown key; {key} is it, {known} lists the keys allowed here.
    "schema-unknown-key": M_("{key} is not a key this ruleset knows here; the keys allowed are {known}."),
    # TRANSLATORS: ruleset problem: any other value the format refuses.
    "schema-invalid": M_("This value is not allowed here."),
    # TRANSLATORS: ruleset problem: a card kind with both per_color and count (keep those two key names); {kind} is the card's id.
    "kind-counted-twice": M_("{kind} has both per_color (for a coloured card) and count (for a wild card); keep one, and write the other as null to drop an inherited one."),
    # TRANSLATORS: ruleset problem: a card kind with neither per_color nor count (keep those key names); {kind} is the card's id.
    "kind-not-counted": M_("{kind} needs per_color (for a coloured card) or count (for a wild card)."),
    # TRANSLATORS: ruleset warning: a card kind with no copies; {kind} is the card's id.
    "kind-no-copies": M_("{kind} has no copies in the deck, so it can never be played."),
    # TRANSLATORS: ruleset problem: deck_size (keep the key name) does not match the cards listed; {deck_size} and {total} are numbers.
    "deck-size-mismatch": M_("deck_size says {deck_size}, but the cards listed add up to {total}."),
    # TRANSLATORS: ruleset problem: the deck size does not match the cards, with several decks shuffled together; {deck_size}, {total} and {decks} are numbers.
    "deck-size-mismatch-decks": M_("deck_size says {deck_size}, but the cards listed, over {decks} decks, add up to {total}."),
    # TRANSLATORS: ruleset problem: a card kind without a score; {kind} is the card's id.
    "kind-needs-score": M_("{kind} needs a score: its points when it is left in a hand at the end of a round."),
    # TRANSLATORS: ruleset problem: a card id that is a category name (number, action); {kind} is it.
    "kind-id-reserved": M_("{kind} is the name of a category of cards and cannot be a card's id."),
    # TRANSLATORS: ruleset problem: a wild card whose id starts with a colour; {kind} is the id, {color} the colour it starts with.
    "wild-id-starts-with-color": M_("The wild card id {kind} starts with {color}, so it would be read as a coloured card; choose an id that does not start with a colour."),
    # TRANSLATORS: ruleset warning: the wild card {kind} has no effect naming a colour (allowed, as in UNO All Wild), so any card may be played on it.
    "wild-names-no-color": M_("The wild card {kind} names no colour, so any card may follow it; add a choose-color effect if its player should name one."),
    # TRANSLATORS: ruleset problem: a wild card with a number; {kind} is the card's id.
    "wild-has-number": M_("The wild card {kind} cannot have a number."),
    # TRANSLATORS: ruleset problem: a coloured card with the choose-color effect (keep the key names); {kind} is the card's id.
    "colored-choose-color": M_("The coloured card {kind} cannot have a choose-color effect; make it a wild card (count instead of per_color)."),
    # TRANSLATORS: ruleset problem: an effect with a field it does not take; {effect} is the effect type, {field} the field, {allowed} the fields it takes.
    "effect-field-unknown": M_("A {effect} effect takes only {allowed}; remove {field}."),
    # TRANSLATORS: ruleset problem: an effect that takes no field but type; {effect} is the effect type, {field} the extra field.
    "effect-field-none": M_("A {effect} effect takes no field besides type; remove {field}."),
    # TRANSLATORS: ruleset problem: a field with a value not allowed; {field} of a {effect} effect must be one of {allowed}; {value} was written.
    "effect-field-value": M_("The {field} of a {effect} effect must be one of {allowed}, not {value}."),
    # TRANSLATORS: ruleset problem: a draw effect without its count (keep the key name).
    "draw-needs-count": M_("A draw effect needs a count, or until_color: true."),
    # TRANSLATORS: ruleset problem: a draw effect gives both a number of cards and "until a colour comes".
    "draw-count-and-until-color": M_("A draw effect takes count or until_color: true, not both."),
    # TRANSLATORS: ruleset problem: only the next player can be made to draw until a colour comes.
    "draw-until-color-target": M_("Drawing until a colour comes is aimed at the next player only."),
    # TRANSLATORS: ruleset problem: color_named_by only means something for a draw until a colour comes.
    "color-named-by-needs-until-color": M_("Only a draw until a colour comes (until_color: true) has a colour to name: remove color_named_by or add until_color: true."),
    # TRANSLATORS: ruleset problem: a launcher effect without presses or until_cards (keep the key names).
    "launcher-needs-presses": M_("A launcher effect needs presses, or until_cards: true."),
    # TRANSLATORS: ruleset problem: a launcher effect with both presses and until_cards (keep the key names).
    "launcher-presses-and-until": M_("A launcher effect takes presses or until_cards: true, not both."),
    # TRANSLATORS: ruleset problem: counts_as_match (keep the key) names a card the ruleset does not have; {kind} is it.
    "counts-as-match-unknown": M_("counts_as_match names {kind}, which is not a card of this ruleset."),
    # TRANSLATORS: ruleset warning: counts_as_match (keep the key) without a restriction does nothing.
    "counts-as-match-unused": M_("counts_as_match does nothing when the card has no restriction."),
    # TRANSLATORS: ruleset warning: a card that can be challenged but has no restriction; {kind} is the card's id.
    "challenge-without-restriction": M_("{kind} can be challenged but has no restriction, so every challenge would fail."),
    # TRANSLATORS: ruleset problem: a card id that the ruleset does not have; {kind} is it.
    "unknown-kind": M_("{kind} is not a card of this ruleset."),
    # TRANSLATORS: ruleset problem: stacking names a card with no copies; {kind} is the card's id.
    "stack-not-in-deck": M_("{kind} has no copies in the deck, so it cannot be stacked."),
    # TRANSLATORS: ruleset problem: stacking names a card that makes nobody draw; {kind} is the card's id.
    "stack-no-draw": M_("{kind} makes nobody draw or press the launcher, so it cannot be stacked."),
    # TRANSLATORS: ruleset problem: the card {kind} is listed as an answer to a pending draw but cannot answer it.
    "answer-no-draw": M_("{kind} makes nobody draw or press the launcher, and has no reverse or skip effect to send the draw on, so it cannot answer a draw."),
    # TRANSLATORS: ruleset problem: the card {kind} makes the next player draw until a colour comes; such draws have no total to add up.
    "stack-until-color": M_("{kind} makes the next player draw until a colour comes, which adds up to no total, so it cannot be stacked."),
    # TRANSLATORS: ruleset problem (a warning): house.no_going_out_on names every card of the deck, so no player can ever play their last card and win a round.
    "no-going-out-at-all": M_("No card of the deck may be a player's last card, so nobody can go out and win a round: leave at least one kind or category out of no_going_out_on."),
    # TRANSLATORS: ruleset problem: a card turns the deck over (UNO Flip) but the ruleset describes no other side; {kind} is a card kind id.
    "flip-needs-other-side": M_("{kind} turns every card over, but the deck has no other side: describe it under other_side."),
    # TRANSLATORS: ruleset problem (UNO Flip): the other side of the deck lists a different number of colours; {count} is how many the first side has.
    "other-side-colors": M_("The other side needs as many colours as the first side: {count}."),
    # TRANSLATORS: ruleset problem: no_going_out_on names something unknown; {kind} is it, {categories} lists the categories.
    "no-going-out-unknown": M_("{kind} is neither a card of this ruleset nor a category ({categories})."),
    # TRANSLATORS: ruleset warning: a list names the same card twice; {item} is it.
    "listed-twice": M_("{item} is listed twice."),
    # TRANSLATORS: ruleset problem: players.min is more than players.max (keep the key names); {min} and {max} are numbers.
    "players-min-over-max": M_("players.min ({min}) is more than players.max ({max})."),
    # TRANSLATORS: ruleset problem: the deck is too small for the deal; {needed} and {total} are numbers of cards, {hand} cards per player, {players} the most players.
    "deck-too-small": M_("The deal needs {needed} cards ({hand} for each of {players} players, and one turned up), but the deck has only {total}."),
    # TRANSLATORS: ruleset problem: a launcher penalty in a game without a launcher (keep draw_source: launcher).
    "launcher-penalty-without-launcher": M_("A launcher penalty needs draw_source: launcher."),
    # TRANSLATORS: ruleset problem: a card uses the launcher in a game with a draw pile (keep the key names); {kind} is the card's id.
    "launcher-card-without-launcher": M_("{kind} uses the launcher, but draw_source is pile; set draw_source: launcher, or give this card no copies."),
    # TRANSLATORS: ruleset problem: draw until playable needs a draw pile (keep draw_source: launcher).
    "until-playable-needs-pile": M_("Drawing until a card can be played needs a draw pile; with draw_source: launcher, each press fires a random number of cards."),
    # TRANSLATORS: ruleset problem: the bomb rule (playing {count} or more cards of one number at once) needs the doubles rule to allow that many cards.
    "bomb-needs-doubles": MN_("A bomb of {count} card needs doubles enabled, with max_cards at least {count}.",
                              "A bomb of {count} cards needs doubles enabled, with max_cards at least {count}."),
    # TRANSLATORS: ruleset problem: a limit on cards in hand needs a draw pile (the UNO Attack launcher fires a random number of cards).
    "hand-cap-needs-pile": M_("A hand limit needs a draw pile: the launcher fires a random number of cards."),
    # TRANSLATORS: ruleset problem: the hand limit {limit} is not more than the {hand} cards each player is dealt.
    "hand-cap-too-small": M_("A hand limit of {limit} cards is not more than the {hand} cards dealt, so nobody could ever draw."),
    # TRANSLATORS: ruleset problem: the most cards drawn is less than the cards drawn (keep the key names); {max} and {count} are numbers.
    "draw-max-below-count": M_("turn.draw.max ({max}) is less than turn.draw.count ({count})."),
    # TRANSLATORS: ruleset problem: a penalty with the other type's field (keep the key names); {type} is draw or launcher, {wanted} the field it takes, {foreign} the one written.
    "penalty-wrong-field": M_("A {type} penalty takes {wanted}, not {foreign}."),
    # TRANSLATORS: event problem (organisers): an unknown key in an event document; {key} is it, {suggestion} the key probably meant.
    "event-unknown-key-suggest": M_("{key} is not a key of an event here; did you mean {suggestion}?"),
    # TRANSLATORS: event problem: an unknown key in an event document; {key} is it, {known} lists the keys allowed here.
    "event-unknown-key": M_("{key} is not a key of an event here; the keys allowed are {known}."),
    # TRANSLATORS: event problem: two players' names differ only in capitals or spaces; {name} is the second, {line} where the first is.
    "event-player-twice": M_("{name} is already a player of this event (on line {line}); give each player a name of their own."),
    # TRANSLATORS: event problem: the placement points lack a table size that the seating uses; {size} is a number of players at a table.
    "event-points-missing": M_("The seating uses tables of {size} players, but scoring.points gives no points for a table of {size}."),
    # TRANSLATORS: event problem: a placement points list does not give one number per place; {size} is the table size, {count} how many numbers were given.
    "event-points-length": MN_("A table of {size} has {size} places, but this list gives {count} number.",
                               "A table of {size} has {size} places, but this list gives {count} numbers."),
    # TRANSLATORS: event problem: the players cannot be seated at tables of the allowed sizes; {count} is the number of players, {sizes} lists the sizes.
    "event-cannot-seat": MN_("{count} player cannot be seated at tables of {sizes} players.",
                             "{count} players cannot be seated at tables of {sizes} players."),
    # TRANSLATORS: event problem: the final table is larger than the event or the ruleset allows; {top} is its size, {most} the most it may be.
    "event-final-too-big": M_("A final table of {top} players is too many here: at most {most}."),
    # TRANSLATORS: event problem: the event names a ruleset that does not exist; {ruleset} is its id.
    "event-unknown-ruleset": M_("There is no ruleset {ruleset}."),
    # TRANSLATORS: event problem: the event pins a version of the ruleset that was never published; {ruleset} is its id, {version} the version.
    "event-unknown-version": M_("The ruleset {ruleset} has no version {version}."),
}
MAX_PARAM = 60  # a parameter may quote the organiser's own keys and values

# Lists that offer a choice ("one of a, b or c"); the others list everything allowed.
CHOICES = {("schema-enum", "allowed"), ("effect-field-value", "allowed"), ("no-going-out-unknown", "categories"),
           ("schema-required-example", "examples"), ("translations-language-code", "codes"),
           ("schema-key-elsewhere", "parents")}


@dataclass(frozen=True)
class Coded:
    """A problem's code and parameters, before it is put in words."""

    code: str
    params: tuple = ()

    def english(self) -> str:
        template = PROBLEM_MESSAGES[self.code]
        values = dict(self.params)
        if isinstance(template, tuple):
            template = template[0] if values.get("count") == 1 else template[1]
        return template.format_map({name: _param_text(value, (self.code, name) in CHOICES)
                                    for name, value in values.items()})


def _param_text(value, choice: bool = False) -> str:
    if isinstance(value, (list, tuple)):
        from babel.lists import format_list  # the English message; referee.text joins each language's own way
        return format_list([str(item) for item in value], style="or" if choice else "standard", locale="en")
    return str(value)


def coded(code: str, **params) -> Coded:
    """A coded message; long parameters (the organiser's own text) are cut."""
    if code not in PROBLEM_MESSAGES:
        raise KeyError(f"unknown problem code {code!r}")
    kept = {name: (clip(value, MAX_PARAM) if isinstance(value, str) else value) for name, value in params.items()}
    return Coded(code, tuple(sorted(kept.items())))


@dataclass(frozen=True)
class RulesetProblem(InputProblem):
    """One thing wrong (or odd, for a warning) in a ruleset: an InputProblem, as the
    engine and the API give theirs, with the parameters its translated message is written from.

    `path` is a JSON Pointer from the document root ("/cards/skip/score", "" for the
    root); `line` and `column` are 1-based positions in the YAML text, or None when
    the value has no position (it was inherited, or the document was not YAML).
    """

    message: object  # a Coded message; its English text once made
    code: str = "schema-invalid"
    params: dict = field(default_factory=dict, compare=False, hash=False)

    def __post_init__(self):
        if isinstance(self.message, Coded):
            object.__setattr__(self, "code", self.message.code)
            object.__setattr__(self, "params", dict(self.message.params))
            object.__setattr__(self, "message", self.message.english())
        object.__setattr__(self, "message", clip(str(self.message)))
        object.__setattr__(self, "path", clip(self.path))  # a path holds the user's keys

    def sort_key(self):
        """Problems with a position first, in the order they appear in the text."""
        return (self.line is None, self.line or 0, self.column or 0, self.path)

    def __str__(self) -> str:
        where = f"line {self.line}, column {self.column}: " if self.line else ""
        path = f"{self.path}: " if self.path else ""
        prefix = "warning: " if self.severity == "warning" else ""
        return f"{where}{prefix}{path}{self.message}"


def tidy(problems) -> list[RulesetProblem]:
    """Sort problems by position and keep the first MAX_PROBLEMS, saying how many were left out."""
    ordered = sorted(problems, key=RulesetProblem.sort_key)
    if len(ordered) <= MAX_PROBLEMS:
        return ordered
    kept = ordered[:MAX_PROBLEMS]
    hidden = len(ordered) - MAX_PROBLEMS
    return kept + [RulesetProblem("", coded("more-problems", count=hidden))]


class RulesetError(Exception):
    """A ruleset that cannot be used. `.problems` says what is wrong and where.

    `status` is the HTTP status the service answers with; `title` its short summary.
    """

    status = 422
    title = "Invalid ruleset"

    def __init__(self, problems, source: str | None = None):
        problems = tidy(problems)
        if not problems:
            raise ValueError("a RulesetError needs at least one problem")
        self.problems = problems
        self.source = source  # the file or upload the problems are in, when known
        super().__init__()

    @classmethod
    def single(cls, message: Coded, path: str = "", line: int | None = None,
               column: int | None = None):
        return cls([RulesetProblem(path, message, line, column)])

    def __str__(self) -> str:
        where = f"{self.source}: " if self.source else ""
        if len(self.problems) == 1:
            return f"{where}{self.problems[0]}"
        listed = "\n".join(f"  {p}" for p in self.problems)
        return f"{where}{len(self.problems)} problems:\n{listed}"

    def to_json(self) -> list[dict]:
        return [p.to_json() for p in self.problems]


class RulesetTooLarge(RulesetError):
    """The document is over the size cap: refused before it is parsed at all."""

    status = 413
    title = "Ruleset too large"
