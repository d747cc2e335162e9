"""The rules of a resolved ruleset as text, in the reader's language.

Every sentence is built from the compiled ruleset (referee.engine.rules, the reading
the judge decides by): its options, and each card kind's facts and effects list. Each
sentence carries a stable key (the rule it states), so two rulesets' texts can be
compared rule by rule (see describe_changes).
"""
from dataclasses import dataclass, field

from collections.abc import Callable

from referee.engine.house import HOUSE_OPTIONS
from referee.engine.rules import KindSpec, Penalty, Rules, compiled

from .cards import color_name, kind_name
from .catalogs import translator
from .render import Translator


@dataclass
class Section:
    id: str
    title: str
    facts: list[tuple[str, str]] = field(default_factory=list)  # (rule key, paragraph)

    def add(self, key: str, paragraph: str) -> None:
        self.facts.append((key, paragraph))


# ---- reading the compiled ruleset ----------------------------------------------------

def copies_in_deck(spec: KindSpec, rules: Rules) -> int:
    return spec.in_deck * (len(rules.colors) if spec.colored else 1) * rules.decks


def kinds_in_deck(rules: Rules) -> list[tuple[str, KindSpec]]:
    return [(kind, spec) for kind, spec in rules.kinds.items() if copies_in_deck(spec, rules) > 0]


def _has_effect(spec: KindSpec, effect_type: str) -> bool:
    return any(effect["type"] == effect_type for effect in spec.effects)


def _names(kinds, tr: Translator, rules: Rules, style: str = "standard") -> str:
    return tr.join([kind_name(kind, tr, rules) for kind in kinds], style=style)


# ---- sections ------------------------------------------------------------------------

def objective(rules: Rules, tr: Translator) -> Section:
    # TRANSLATORS: title of the rule text section that says how to win.
    section = Section("objective", tr.pgettext("section title", "Objective"))
    # TRANSLATORS: rule text, objective section.
    section.add("objective.empty-hand", tr.gettext("Be the first player to get rid of every card in your hand."))
    if rules.single_round:
        # TRANSLATORS: rule text, objective section, when one round decides the game.
        section.add("objective.game", tr.gettext("A single round decides the game: the first player to go out wins."))
    elif rules.own_hands:
        target = rules.target
        # TRANSLATORS: rule text, objective section, when the fewest points win; {target} is a score.
        section.add("objective.game", tr.ngettext(
            "The game is played over several rounds; once a player reaches {target} point, the player with the fewest points wins.",
            "The game is played over several rounds; once a player reaches {target} points, the player with the fewest points wins.",
            target, target=target))
    else:
        target = rules.target
        # TRANSLATORS: rule text, objective section, when the game is played over several rounds; {target} is a score.
        section.add("objective.game", tr.ngettext(
            "The game is played over several rounds, and the first player to reach {target} point wins.",
            "The game is played over several rounds, and the first player to reach {target} points wins.",
            target, target=target))
    return section


def setup(rules: Rules, tr: Translator) -> Section:
    # TRANSLATORS: title of the rule text section about preparing the game.
    section = Section("setup", tr.pgettext("section title", "Set-up"))
    low, high = rules.min_players, rules.max_players
    # TRANSLATORS: rule text, set-up section; {min} and {max} are numbers of players.
    section.add("players", tr.ngettext("The game is for {min} to {max} player.", "The game is for {min} to {max} players.",
                                       high, min=low, max=high))
    deck = rules.deck_size
    # the list is followed by the word for colour and a postposition ("come in ... colours")
    colors = tr.join([color_name(color, tr, "postposition") for color in rules.colors])
    # TRANSLATORS: rule text, set-up section: the size of the deck.
    section.add("deck", tr.ngettext("The deck has {count} card.", "The deck has {count} cards.", deck))
    decks = rules.decks
    if decks > 1:
        # TRANSLATORS: rule text, set-up section: several copies of the deck are shuffled together; {count} is how many.
        section.add("decks", tr.ngettext("It is made of {count} deck shuffled together.",
                                         "It is made of {count} decks shuffled together.", decks))
    if any(spec.category != "wild" for _kind, spec in kinds_in_deck(rules)):
        # TRANSLATORS: rule text, set-up section; {colors} lists the colours ("red, yellow, green and blue") in their "color before a postposition" form: follow it with your word for colour(s) and a postposition.
        section.add("colors", tr.gettext("The coloured cards come in {colors}.", colors=colors))
    if rules.other_side is not None:
        other = tr.join([color_name(color, tr, "postposition") for color in rules.other_side.colors])
        # TRANSLATORS: rule text, set-up section (UNO Flip): every card has two faces; {colors} lists the other side's colours in their "color before a postposition" form, as in "The coloured cards come in {colors}".
        section.add("other_side", tr.gettext(
            "Every card has a face on each side. Hands are held, and the discard pile is started, with the first side up; on the other side, the coloured cards come in {colors}.",
            colors=other))
    _dealing(rules, tr, section)
    _opening(rules, tr, section)
    return section


def _dealing(rules: Rules, tr: Translator, section: Section) -> None:
    """Draw pile or launcher, the dealer, the deal, who starts."""
    if rules.draw_source == "launcher":
        # TRANSLATORS: rule text, set-up section (UNO Attack): the card launcher replaces the draw pile.
        section.add("draw_source", tr.gettext(
            "The undealt cards go into the card launcher instead of a draw pile; each press fires no cards, a few or many."))
    else:
        # TRANSLATORS: rule text, set-up section: where cards are drawn from.
        section.add("draw_source", tr.gettext(
            "The undealt cards form a face-down draw pile. When it runs out, keep the top card of the discard pile and shuffle the rest into a new draw pile."))
    if rules.dealer_highest_card:
        value = rules.dealer_action_value
        # TRANSLATORS: rule text, set-up section: how the dealer is chosen; {value} is what action and wild cards count as.
        section.add("opening.dealer", tr.gettext(
            "To choose the dealer, every player draws a card and the highest card deals; action and wild cards count as {value}.",
            value=value))
    else:
        # TRANSLATORS: rule text, set-up section, when the ruleset says nothing about choosing the dealer.
        section.add("opening.dealer", tr.gettext("The players agree on who deals."))
    hand = rules.hand_size
    # TRANSLATORS: rule text, set-up section: the deal.
    section.add("hand_size", tr.ngettext("The dealer deals {count} card to each player.",
                                         "The dealer deals {count} cards to each player.", hand))
    if rules.first_player == "left-of-dealer":
        # TRANSLATORS: rule text, set-up section: who starts and the starting direction.
        section.add("opening.first_player", tr.gettext(
            "The player to the dealer's left plays first, and play goes clockwise."))


def _opening(rules: Rules, tr: Translator, section: Section) -> None:
    """What the first card turned up does, by category and by kind."""
    # TRANSLATORS: rule text, set-up section: the first card of the discard pile.
    section.add("opening.first_card", tr.gettext(
        "The dealer turns the next card face up to start the discard pile."))
    for category_name in ("number", "action", "wild"):
        handling = rules.first_card_by_category.get(category_name)
        sentence = _first_card_sentence(category_name, handling, tr)
        if sentence:
            section.add(f"opening.first_card.{category_name}", sentence)
    for kind, handling in rules.first_card_by_kind.items():
        sentence = _first_card_kind_sentence(kind_name(kind, tr, rules), handling, tr)
        if sentence:
            section.add(f"opening.first_card.by_kind.{kind}", sentence)
    reverses = [kind for kind, spec in kinds_in_deck(rules) if _has_effect(spec, "reverse")]
    opening_action = rules.first_card_by_kind.get(reverses[0]) if reverses else None
    applies = (opening_action or rules.first_card_by_category.get("action")) == "apply"
    if reverses and applies and rules.reverse_dealer_plays_first:
        # TRANSLATORS: rule text, set-up section; {card} names the Reverse card(s).
        section.add("opening.reverse_dealer_plays_first", tr.gettext(
            "If the first card turned up is a {card}, the dealer plays first and play goes counter-clockwise.",
            card=_names(reverses, tr, rules, "or")))


def _first_card_sentence(category_name: str, handling, tr: Translator) -> str | None:
    sentences = {
        # TRANSLATORS: rule text, set-up section: what happens when the first card turned up is a number card.
        ("number", "apply"): lambda: tr.gettext("If the first card turned up is a number card, play starts on it."),
        # TRANSLATORS: rule text, set-up section: a number card turned up first is replaced.
        ("number", "redraw"): lambda: tr.gettext(
            "If the first card turned up is a number card, it goes back into the deck and another card is turned up."),
        # TRANSLATORS: rule text, set-up section: an action card turned up first takes effect.
        ("action", "apply"): lambda: tr.gettext(
            "If the first card turned up is an action card, its action applies to the first player, as if the dealer had played it."),
        # TRANSLATORS: rule text, set-up section: an action card turned up first is ignored and replaced.
        ("action", "redraw"): lambda: tr.gettext(
            "If the first card turned up is an action card, its action is ignored: it goes back into the deck and another card is turned up."),
        # TRANSLATORS: rule text, set-up section: an action card turned up first only lets the first player name a colour.
        ("action", "choose-color"): lambda: tr.gettext(
            "If the first card turned up is an action card, its action is ignored and the first player names the colour to play."),
        # TRANSLATORS: rule text, set-up section: a wild card turned up first takes effect.
        ("wild", "apply"): lambda: tr.gettext(
            "If the first card turned up is a wild card, its action applies to the first player, who also names the colour to play."),
        # TRANSLATORS: rule text, set-up section: a wild card turned up first is shuffled back.
        ("wild", "redraw"): lambda: tr.gettext(
            "If the first card turned up is a wild card, it is shuffled back into the deck and another card is turned up."),
        # TRANSLATORS: rule text, set-up section: a wild card turned up first lets the first player name the colour.
        ("wild", "choose-color"): lambda: tr.gettext(
            "If the first card turned up is a wild card, the first player names the colour to play."),
    }
    make = sentences.get((category_name, handling))
    return make() if make else None


def _first_card_kind_sentence(card: str, handling, tr: Translator) -> str | None:
    if handling == "apply":
        # TRANSLATORS: rule text, set-up section: a particular card turned up first takes effect; {card} is its name.
        return tr.gettext("If the first card turned up is a {card}, its action applies to the first player.", card=card)
    if handling == "redraw":
        # TRANSLATORS: rule text, set-up section: a particular card turned up first is replaced; {card} is its name.
        return tr.gettext("If the first card turned up is a {card}, it goes back into the deck and another card is turned up.",
                          card=card)
    if handling == "choose-color":
        # TRANSLATORS: rule text, set-up section: a particular card turned up first lets the first player name the colour.
        return tr.gettext("If the first card turned up is a {card}, the first player names the colour to play.", card=card)
    return None


def turn(rules: Rules, tr: Translator) -> Section:
    # TRANSLATORS: title of the rule text section about what a player does on their turn.
    section = Section("turn", tr.pgettext("section title", "A turn"))
    # TRANSLATORS: rule text, turn section: the matching rule.
    section.add("turn.match", tr.gettext(
        "On your turn, play one card that matches the top card of the discard pile by colour, number or symbol."))
    wilds = [spec for _kind, spec in kinds_in_deck(rules) if spec.category == "wild"]
    if any(spec.choose_color for spec in wilds):
        # TRANSLATORS: rule text, turn section: wild cards.
        section.add("turn.wild", tr.gettext(
            "A wild card may be played on any card; its player names the colour that must be matched next."))
    if any(not spec.choose_color for spec in wilds):
        # TRANSLATORS: rule text, turn section: wild cards that name no colour (UNO All Wild).
        section.add("turn.wild.any", tr.gettext(
            "A wild card that names no colour may be played on any card, and any card may be played on it."))
    _drawing(rules, tr, section)
    _two_players(rules, tr, section)
    return section


def _drawing(rules: Rules, tr: Translator, section: Section) -> None:
    """When a player may draw (or press the launcher), how much, and what may follow."""
    count = rules.draw_count
    launcher = rules.draw_source == "launcher"
    optional = rules.draw_when_playable
    if launcher and optional:
        # TRANSLATORS: rule text, turn section (launcher): a player who does not play presses the launcher.
        text = tr.ngettext("If you cannot or would rather not play, press the launcher once and keep whatever it fires.",
                           "If you cannot or would rather not play, press the launcher {count} times and keep whatever it fires.",
                           count)
    elif launcher:
        # TRANSLATORS: rule text, turn section (launcher): only a player who cannot play presses the launcher.
        text = tr.ngettext("If you cannot play, you must press the launcher once and keep whatever it fires.",
                           "If you cannot play, you must press the launcher {count} times and keep whatever it fires.",
                           count)
    elif optional:
        # TRANSLATORS: rule text, turn section: a player who does not play draws cards.
        text = tr.ngettext("If you cannot or would rather not play, draw {count} card from the draw pile.",
                           "If you cannot or would rather not play, draw {count} cards from the draw pile.", count)
    else:
        # TRANSLATORS: rule text, turn section: only a player who cannot play may draw.
        text = tr.ngettext("If you cannot play, draw {count} card from the draw pile; you may not draw while you could play.",
                           "If you cannot play, draw {count} cards from the draw pile; you may not draw while you could play.", count)
    section.add("turn.draw.count", text)
    if rules.draw_until_playable:
        limit = rules.draw_max
        if launcher:
            # TRANSLATORS: rule text, turn section (launcher): the press-until-playable option; {max} is the most presses.
            text = tr.ngettext("Keep pressing the launcher until you get a card you can play, up to {max} press.",
                               "Keep pressing the launcher until you get a card you can play, up to {max} presses.",
                               limit, max=limit)
        else:
            # TRANSLATORS: rule text, turn section: the draw-until-playable option; {max} is the most cards drawn.
            text = tr.ngettext("Keep drawing until you get a card you can play, up to {max} card.",
                               "Keep drawing until you get a card you can play, up to {max} cards.", limit, max=limit)
        section.add("turn.draw.until_playable", text)
    _after_drawing(rules, tr, section)


def _after_drawing(rules: Rules, tr: Translator, section: Section) -> None:
    after = rules.after_draw
    if after == "may-play":
        # TRANSLATORS: rule text, turn section: after drawing, a playable card may be played.
        section.add("turn.draw.after", tr.gettext(
            "After drawing, you may play at once if you now can; otherwise your turn ends."))
    elif after == "must-play":
        # TRANSLATORS: rule text, turn section: after drawing, a playable drawn card must be played.
        section.add("turn.draw.after", tr.gettext(
            "After drawing, if the card you drew can be played, you must play it at once; otherwise your turn ends."))
    elif after == "end-turn":
        # TRANSLATORS: rule text, turn section: drawing ends the turn.
        section.add("turn.draw.after", tr.gettext(
            "Drawing ends your turn: the cards you receive cannot be played until your next turn."))
    if after in ("may-play", "must-play"):
        if rules.drawn_only:
            # TRANSLATORS: rule text, turn section: only the drawn card may be played after drawing.
            section.add("turn.draw.play_after_draw", tr.gettext(
                "Only the card you just drew may be played then, never one you already held."))
        else:
            # TRANSLATORS: rule text, turn section: any matching card may be played after drawing.
            section.add("turn.draw.play_after_draw", tr.gettext(
                "You may then play any card that matches, not only the one you drew."))


def _two_players(rules: Rules, tr: Translator, section: Section) -> None:
    reverses = [kind for kind, spec in kinds_in_deck(rules) if _has_effect(spec, "reverse")]
    if reverses and rules.two_player_reverse_skips:
        # TRANSLATORS: rule text, turn section: with two players a Reverse works like a Skip; {card} names the card(s).
        section.add("turn.two_player_reverse", tr.gettext(
            "With two players, a {card} works like a skip: the player who played it plays again.",
            card=_names(reverses, tr, rules, "or")))
    elif reverses:
        # TRANSLATORS: rule text, turn section: with two players a Reverse only changes direction; {card} names the card(s).
        section.add("turn.two_player_reverse", tr.gettext(
            "With two players, a {card} only changes the direction of play, so the other player plays next.",
            card=_names(reverses, tr, rules, "or")))


def cards(rules: Rules, tr: Translator) -> Section:
    # TRANSLATORS: title of the rule text section that lists the cards and what they do.
    section = Section("cards", tr.pgettext("section title", "The cards"))
    _side_cards(rules, tr, section, "cards")
    if rules.other_side is not None:
        # TRANSLATORS: rule text, cards section (UNO Flip): introduces the cards of the deck's other side.
        section.add("other_side.cards", tr.gettext("The other side of the deck has these cards:"))
        _side_cards(rules.other_side, tr, section, "other_side.cards")
    return section


def _side_cards(rules: Rules, tr: Translator, section: Section, key: str) -> None:
    for kind, spec in kinds_in_deck(rules):
        name = kind_name(kind, tr, rules)
        copies = copies_in_deck(spec, rules)
        # TRANSLATORS: rule text, cards section: how many of a card the deck has; {card} is its name.
        counted = [tr.ngettext("{card}: {count} card in the deck.", "{card}: {count} cards in the deck.",
                               copies, card=name)]
        if spec.colored:
            per_color = spec.in_deck
            # TRANSLATORS: rule text, cards section, after "{card}: N cards in the deck.": how many of them are of each colour.
            counted.append(tr.ngettext("There is {count} of each colour.", "There are {count} of each colour.",
                                       per_color))
        section.add(f"{key}.{kind}", " ".join([*counted, *effect_sentences(list(spec.effects), tr)]))


def effect_sentences(effects: list[dict], tr: Translator) -> list[str]:
    """One sentence per effect primitive; a draw or launcher hit on the next player
    followed by a skip reads as one sentence."""
    if not effects:
        # TRANSLATORS: rule text, cards section: a card with no action (a number card).
        return [tr.gettext("It has no action.")]
    sentences = []
    skip_next_taken = False
    for effect in effects:
        kind = effect.get("type")
        if kind == "skip" and skip_next_taken:
            continue
        hits_next = kind in ("draw", "launcher") and effect.get("target", "next") == "next"
        skips_after = hits_next and any(other.get("type") == "skip" for other in effects)
        sentence = _effect_sentence(effect, tr, skips_after)
        if sentence:
            sentences.append(sentence)
        skip_next_taken = skip_next_taken or skips_after
    return sentences


def _effect_sentence(effect: dict, tr: Translator, with_skip: bool) -> str | None:
    kind = effect.get("type")
    target = effect.get("target", "next")
    if kind == "choose-color":
        # TRANSLATORS: rule text, cards section: effect of a wild card.
        return tr.gettext("Whoever plays it names the colour to play next.")
    if kind == "skip" and target == "others":
        # TRANSLATORS: rule text, cards section: the Skip Everyone effect.
        return tr.gettext("Every other player loses their turn, so whoever plays it plays again.")
    if kind == "skip":
        # TRANSLATORS: rule text, cards section: the skip effect.
        return tr.gettext("The next player loses their turn.")
    if kind == "reverse":
        # TRANSLATORS: rule text, cards section: the reverse effect.
        return tr.gettext("The direction of play reverses.")
    if kind == "extra-play":
        # TRANSLATORS: rule text, cards section (UNO Attack): the player may play one more card.
        return tr.gettext("Whoever plays it may at once play one more card.")
    if kind == "discard-all":
        # TRANSLATORS: rule text, cards section (UNO Attack): the Discard All effect.
        return tr.gettext("Whoever plays it may also put down every card of its colour from their hand, with this card on top.")
    if kind == "pass-hands":
        # TRANSLATORS: rule text, cards section: every hand passes on (the Seven-O house rule's 0).
        return tr.gettext("Every player passes their hand to the next player in the direction of play.")
    if kind == "trade-hands":
        if target == "chosen":
            # TRANSLATORS: rule text, cards section: swap hands with a chosen player.
            return tr.gettext("Whoever plays it swaps hands with a player of their choice.")
        # TRANSLATORS: rule text, cards section: swap hands with the next player.
        return tr.gettext("Whoever plays it swaps hands with the next player.")
    if kind == "flip":
        # TRANSLATORS: rule text, cards section (UNO Flip): the Flip effect.
        return tr.gettext("Every card turns over: the discard pile, the draw pile and every hand. Play goes on with the other side until the cards turn over again.")
    if kind == "draw" and effect.get("until_color") and effect.get("color_named_by") == "target":
        if with_skip:
            # TRANSLATORS: rule text, cards section: the next player names a colour, draws until it comes, then loses their turn; the colour named is then the colour in play.
            return tr.gettext("The next player names a colour, draws cards until one of that colour comes, keeps them all, and loses their turn; the colour they named is the colour in play.")
        # TRANSLATORS: rule text, cards section: the next player names a colour and draws until it comes; the colour named is then the colour in play.
        return tr.gettext("The next player names a colour, draws cards until one of that colour comes, and keeps them all; the colour they named is the colour in play.")
    if kind == "draw" and effect.get("until_color"):
        if with_skip:
            # TRANSLATORS: rule text, cards section: the next player draws until the colour in play comes, then loses their turn.
            return tr.gettext("The next player draws cards until one of the colour in play comes, keeps them all, and loses their turn.")
        # TRANSLATORS: rule text, cards section: the next player draws until the colour in play comes.
        return tr.gettext("The next player draws cards until one of the colour in play comes, and keeps them all.")
    if kind == "draw":
        return _draw_sentence(int(effect.get("count") or 0), target, with_skip, tr)
    if kind == "launcher":
        if effect.get("until_cards"):
            return _launcher_until_sentence(target, with_skip, tr)
        return _launcher_sentence(int(effect.get("presses") or 0), target, with_skip, tr)
    return None


def _draw_sentence(count: int, target: str, with_skip: bool, tr: Translator) -> str:
    if target == "next" and with_skip:
        # TRANSLATORS: rule text, cards section: effect of Draw Two and Wild Draw Four.
        return tr.ngettext("The next player draws {count} card and loses their turn.",
                           "The next player draws {count} cards and loses their turn.", count)
    if target == "next":
        # TRANSLATORS: rule text, cards section: the next player draws cards but still plays.
        return tr.ngettext("The next player draws {count} card.", "The next player draws {count} cards.", count)
    if target == "others":
        # TRANSLATORS: rule text, cards section: everyone except the card's player draws.
        return tr.ngettext("Every other player draws {count} card.", "Every other player draws {count} cards.", count)
    if target == "all":
        # TRANSLATORS: rule text, cards section: every player, the card's player included, draws.
        return tr.ngettext("Every player, including the one who played it, draws {count} card.",
                           "Every player, including the one who played it, draws {count} cards.", count)
    # TRANSLATORS: rule text, cards section: a player chosen by the card's player draws.
    return tr.ngettext("A player chosen by whoever plays it draws {count} card.",
                       "A player chosen by whoever plays it draws {count} cards.", count)


def _launcher_sentence(presses: int, target: str, with_skip: bool, tr: Translator) -> str:
    if target == "next" and with_skip:
        # TRANSLATORS: rule text, cards section (UNO Attack): effect of Hit 2 and Wild Hit 4.
        return tr.ngettext("The next player presses the launcher once and loses their turn.",
                           "The next player presses the launcher {count} times and loses their turn.", presses)
    if target == "next":
        # TRANSLATORS: rule text, cards section (UNO Attack): the next player presses the launcher but still plays.
        return tr.ngettext("The next player presses the launcher once.",
                           "The next player presses the launcher {count} times.", presses)
    if target == "others":
        # TRANSLATORS: rule text, cards section (UNO Attack): everyone except the card's player presses the launcher.
        return tr.ngettext("Every other player presses the launcher once.",
                           "Every other player presses the launcher {count} times.", presses)
    if target == "all":
        # TRANSLATORS: rule text, cards section (UNO Attack): every player presses the launcher and keeps what it fires.
        return tr.ngettext("Every player, including the one who played it, presses the launcher once and keeps what it fires.",
                           "Every player, including the one who played it, presses the launcher {count} times and keeps what it fires.",
                           presses)
    # TRANSLATORS: rule text, cards section (UNO Attack): the card's player aims the launcher at a player of their choice.
    return tr.ngettext("Whoever plays it aims the launcher at any player, who presses it once.",
                       "Whoever plays it aims the launcher at any player, who presses it {count} times.", presses)


def _launcher_until_sentence(target: str, with_skip: bool, tr: Translator) -> str:
    if target == "next" and with_skip:
        # TRANSLATORS: rule text, cards section (UNO Attack): effect of Wild Hit Fire.
        return tr.gettext("The next player presses the launcher until it fires at least one card, and loses their turn.")
    if target == "next":
        # TRANSLATORS: rule text, cards section (UNO Attack): the next player presses until cards come out.
        return tr.gettext("The next player presses the launcher until it fires at least one card.")
    if target in ("others", "all"):
        # TRANSLATORS: rule text, cards section (UNO Attack): several players press until cards come out.
        return tr.gettext("Each of the other players presses the launcher until it fires at least one card.")
    # TRANSLATORS: rule text, cards section (UNO Attack): a chosen player presses until cards come out.
    return tr.gettext("A player chosen by whoever plays it presses the launcher until it fires at least one card.")


def challenge(rules: Rules, tr: Translator) -> Section:
    # TRANSLATORS: title of the rule text section about restricted cards and challenging them.
    section = Section("challenge", tr.pgettext("section title", "Restrictions and challenges"))
    _restrictions(rules, tr, section, "cards")
    if rules.other_side is not None:
        _restrictions(rules.other_side, tr, section, "other_side.cards")
    if not section.facts:
        # TRANSLATORS: rule text, challenge section, when no card is restricted.
        section.add("restriction.none", tr.gettext("No card has a restriction on when it may be played, so there is nothing to challenge."))
    return section


def _restrictions(rules: Rules, tr: Translator, section: Section, key: str) -> None:
    for kind, spec in kinds_in_deck(rules):
        if spec.restriction == "none":
            continue
        name = kind_name(kind, tr, rules)
        if spec.restriction == "no-color-match":
            # TRANSLATORS: rule text, challenge section: {card} is the restricted card (e.g. Wild Draw Four).
            text = tr.gettext("You may play a {card} only when you hold no other card of the colour in play.", card=name)
            also = [kind for kind in rules.kinds if kind in spec.counts_as_match]
            if also:
                # TRANSLATORS: rule text, challenge section: {cards} lists cards that count as the colour in play.
                text += " " + tr.gettext("For this rule, a {cards} in your hand counts as a card of the colour in play.",
                                         cards=_names(also, tr, rules, "or"))
        else:
            # TRANSLATORS: rule text, challenge section: {card} is the restricted card.
            text = tr.gettext("You may play a {card} only when you hold no other card that you could play.", card=name)
        section.add(f"{key}.{kind}.restriction", text)
        section.add(f"{key}.{kind}.challenge", _challenge_terms(spec, name, tr))


def _challenge_terms(spec: KindSpec, name: str, tr: Translator) -> str:
    terms = spec.challenge
    if terms is None:
        # TRANSLATORS: rule text, challenge section: the restriction exists but the card cannot be challenged.
        return tr.gettext("A {card} cannot be challenged; the table checks the restriction itself.", card=name)
    owed = (spec.pending.count or 0) if spec.pending is not None and spec.pending.kind == "draw" else 0
    guilty = owed if terms.guilty_draw is None else terms.guilty_draw   # None: the card's own draw
    failed = owed + terms.failed_extra_draw
    if spec.until_color:   # the card's draw goes on until a card of the colour comes
        # TRANSLATORS: rule text, challenge section (UNO Flip's Wild Draw Color): the challenged player broke the restriction and draws until a card of the colour in play comes.
        guilty_text = (tr.gettext("If the play broke the rule, the player who made it draws until a card of the colour in play comes, and the challenger then plays normally.")
                       if terms.guilty_draw is None else
                       tr.ngettext("If the play broke the rule, the player who made it draws {count} card instead, and the challenger plays normally.",
                                   "If the play broke the rule, the player who made it draws {count} cards instead, and the challenger plays normally.",
                                   guilty))
        # TRANSLATORS: rule text, challenge section (UNO Flip's Wild Draw Color): the challenged play was legal; the challenger draws until a card of the colour in play comes, then {count} more cards.
        failed_text = tr.ngettext("If the play was legal, the challenger draws until a card of the colour in play comes, then {count} card more, and loses their turn.",
                                  "If the play was legal, the challenger draws until a card of the colour in play comes, then {count} cards more, and loses their turn.",
                                  terms.failed_extra_draw)
    else:
        # TRANSLATORS: rule text, challenge section: the challenged player broke the restriction.
        guilty_text = tr.ngettext("If the play broke the rule, the player who made it draws {count} card instead, and the challenger plays normally.",
                                  "If the play broke the rule, the player who made it draws {count} cards instead, and the challenger plays normally.",
                                  guilty)
        # TRANSLATORS: rule text, challenge section: the challenged play was legal.
        failed_text = tr.ngettext("If the play was legal, the challenger draws {count} card and loses their turn.",
                                  "If the play was legal, the challenger draws {count} cards and loses their turn.", failed)
    sentences = [
        # TRANSLATORS: rule text, challenge section: how a challenge starts; {card} is the challenged card.
        tr.gettext("The next player may accept a {card} or challenge it; the player who played it then shows their hand to the challenger.",
                   card=name),
        guilty_text,
        failed_text,
        # TRANSLATORS: rule text, challenge section: the colour named with the challenged card stays.
        tr.gettext("Either way, the colour named with the {card} stands.", card=name),
    ]
    return " ".join(sentences)


def uno(rules: Rules, tr: Translator) -> Section:
    # TRANSLATORS: title of the rule text section about calling UNO (keep the word UNO).
    section = Section("uno", tr.pgettext("section title", "Calling UNO"))
    if rules.uno_precall:
        # TRANSLATORS: rule text, UNO section (UNO Attack timing).
        section.add("uno.call", tr.gettext("Call UNO as you play your second-to-last card."))
    else:
        # TRANSLATORS: rule text, UNO section.
        section.add("uno.call", tr.gettext("Call UNO as soon as you have one card left."))
    section.add("uno.penalty", _penalty(rules.uno_penalty, tr, caught=True))
    if rules.uno_window_until_offender_plays:
        # TRANSLATORS: rule text, UNO section: how long a player who did not call UNO can be caught (house option).
        section.add("uno.window", tr.gettext(
            "A player who did not call UNO can be caught at any time until they play again; after that they are safe."))
    else:
        # TRANSLATORS: rule text, UNO section: how long a player who did not call UNO can be caught (official).
        section.add("uno.window", tr.gettext(
            "A player who did not call UNO can be caught until the next player begins their turn."))
    # TRANSLATORS: rule text, UNO section.
    section.add("uno.safe", tr.gettext("A player who calls UNO before being caught is safe."))
    section.add("uno.false_catch_penalty", _penalty(rules.false_catch_penalty, tr, caught=False))
    return section


def _penalty(penalty: Penalty, tr: Translator, caught: bool) -> str:
    if penalty.kind == "launcher":
        presses = penalty.amount
        if caught:
            # TRANSLATORS: rule text, UNO section: penalty for not calling UNO (launcher).
            return tr.ngettext("A player caught before calling UNO presses the launcher once.",
                               "A player caught before calling UNO presses the launcher {count} times.", presses)
        if presses == 0:
            # TRANSLATORS: rule text, UNO section: wrongly accusing a player costs nothing.
            return tr.gettext("Catching a player who was not due to call UNO has no penalty.")
        # TRANSLATORS: rule text, UNO section: penalty for a wrong accusation (launcher).
        return tr.ngettext("A player who catches someone who was not due to call UNO presses the launcher once.",
                           "A player who catches someone who was not due to call UNO presses the launcher {count} times.",
                           presses)
    count = penalty.amount
    if caught:
        # TRANSLATORS: rule text, UNO section: penalty for not calling UNO.
        return tr.ngettext("A player caught before calling UNO draws {count} card.",
                           "A player caught before calling UNO draws {count} cards.", count)
    if count == 0:
        # TRANSLATORS: rule text, UNO section: wrongly accusing a player costs nothing.
        return tr.gettext("Catching a player who was not due to call UNO has no penalty.")
    # TRANSLATORS: rule text, UNO section: penalty for a wrong accusation.
    return tr.ngettext("A player who catches someone who was not due to call UNO draws {count} card.",
                       "A player who catches someone who was not due to call UNO draws {count} cards.", count)


def scoring(rules: Rules, tr: Translator) -> Section:
    # TRANSLATORS: title of the rule text section about points.
    section = Section("scoring", tr.pgettext("section title", "Scoring"))
    own = rules.own_hands
    if own:
        # TRANSLATORS: rule text, scoring section, when every player scores their own hand (the fewest points win).
        section.add("scoring.method", tr.gettext(
            "At the end of a round, every player scores the points of the cards left in their own hand."))
    else:
        # TRANSLATORS: rule text, scoring section.
        section.add("scoring.method", tr.gettext(
            "The player who goes out scores points for every card left in the other players' hands."))
    if rules.partners and not own:
        # TRANSLATORS: rule text, scoring section: teams of two, partners sitting opposite each other.
        section.add("scoring.teams", tr.gettext(
            "With an even number of players, partners sit opposite each other: a player who goes out scores only the opponents' hands, and the partners' points add up towards the target."))
    multiplier = rules.multiplier
    if multiplier > 1:
        # TRANSLATORS: rule text, scoring section: the score multiplier; {count} is how many times each point counts.
        section.add("scoring.multiplier", tr.ngettext("Every point scored counts {count} time.",
                                                      "Every point scored counts {count} times.", multiplier))
    _card_points(rules, tr, section, "scoring")
    if rules.other_side is not None:
        # TRANSLATORS: rule text, scoring section (UNO Flip): the cards are counted on the side up at the end of the round; the other side's points follow.
        section.add("scoring.other_side", tr.gettext(
            "Cards are counted on the side that is up when the round ends. On the other side:"))
        _card_points(rules.other_side, tr, section, "scoring.other_side")
    _scoring_target(rules, tr, section, own)
    return section


def _card_points(rules: Rules, tr: Translator, section: Section, key: str) -> None:
    """The points of a side's cards: face value for numbers, then by value."""
    in_deck = kinds_in_deck(rules)
    face_value = [kind for kind, spec in in_deck if spec.number is not None and spec.score == spec.number]
    if face_value:
        # TRANSLATORS: rule text, scoring section; {cards} lists number cards, e.g. "0, 1, 2 and 3".
        section.add(f"{key}.face_value", tr.gettext("Number cards score their face value ({cards}).",
                                                    cards=_names(face_value, tr, rules)))
    by_score: dict[int, list[str]] = {}
    for kind, spec in in_deck:
        if kind not in face_value:
            by_score.setdefault(spec.score, []).append(kind)
    for points, kinds in by_score.items():
        if len(kinds) == 1:
            # TRANSLATORS: rule text, scoring section: the points of one card; {card} is its name.
            text = tr.ngettext("A {card} scores {points} point.", "A {card} scores {points} points.",
                               points, card=kind_name(kinds[0], tr, rules), points=points)
        else:
            # TRANSLATORS: rule text, scoring section: the points of several cards; {cards} lists their names.
            text = tr.ngettext("{cards} score {points} point each.", "{cards} score {points} points each.",
                               points, cards=_names(kinds, tr, rules), points=points)
        section.add(f"{key}.points.{points}", text)


def _scoring_target(rules: Rules, tr: Translator, section: Section, own: bool) -> None:
    if rules.single_round:
        # TRANSLATORS: rule text, scoring section: one round decides the game.
        section.add("scoring.target", tr.gettext("A single round decides the game; keeping score is optional."))
    elif own:
        target = rules.target
        # TRANSLATORS: rule text, scoring section: the end of a game where the fewest points win; {target} is a score.
        section.add("scoring.target", tr.ngettext(
            "When a player reaches {target} point, the game ends and the player with the fewest points wins.",
            "When a player reaches {target} points, the game ends and the player with the fewest points wins.",
            target, target=target))
    else:
        target = rules.target
        # TRANSLATORS: rule text, scoring section: the target score.
        section.add("scoring.target", tr.ngettext("The first player to reach {target} point wins the game.",
                                                  "The first player to reach {target} points wins the game.",
                                                  target, target=target))


HouseSentences = Callable[[Rules, Translator], list[tuple[str, str]]]


def _doubles(rules: Rules, tr: Translator) -> list[tuple[str, str]]:
    if not rules.doubles:
        return []
    most = rules.doubles_max
    if rules.doubles_by_number:
        # TRANSLATORS: rule text, house rules section: cards of one number in any colours go down together; {count} is the most.
        return [("house.doubles", tr.ngettext(
            "Same number: you may play up to {count} card of the same number together, in any colours; the first must match the pile, and the last one put down sets the colour.",
            "Same number: you may play up to {count} cards of the same number together, in any colours; the first must match the pile, and the last one put down sets the colour.", most))]
    # TRANSLATORS: rule text, house rules section: the doubles house rule; {count} is the most cards played together.
    return [("house.doubles", tr.ngettext(
        "Doubles: you may play up to {count} card of the same colour and number together.",
        "Doubles: you may play up to {count} cards of the same colour and number together.", most))]


def _stacking(rules: Rules, tr: Translator) -> list[tuple[str, str]]:
    facts = []
    for kind, answers in rules.stacking_lists.items():   # (by value: worked out from the counts)
        adding = [a for a in answers if a not in rules.kinds or not rules.kinds[a].deflects]
        deflecting = [a for a in answers if a not in adding]
        if adding:
            # TRANSLATORS: rule text, house rules section: stacking (progressive draw); {card} makes you draw, {cards} may be played on it instead.
            facts.append((f"house.stacking.{kind}", tr.gettext(
                "Stacking: when a {card} makes you draw, you may play a {cards} on it instead of drawing; the cards to draw add up and pass to the next player, until someone cannot stack and draws them all.",
                card=kind_name(kind, tr, rules), cards=_names(adding, tr, rules, "or"))))
        if deflecting:
            # TRANSLATORS: rule text, house rules section: deflection; {card} causes the draw, {cards} (a Reverse or a Skip) sends it on.
            facts.append((f"house.stacking.{kind}.deflect", tr.gettext(
                "Deflection: when a {card} makes you draw, you may play a {cards} instead; the draw goes on unchanged to the next player in the direction of play.",
                card=kind_name(kind, tr, rules), cards=_names(deflecting, tr, rules, "or"))))
    return facts


def _stacks(rules: Rules) -> bool:
    """Whether any card may answer a pending draw (house.stacking, or by value)."""
    return any(rules.stacking_lists.values())


def _stacking_by(rules: Rules, tr: Translator) -> list[tuple[str, str]]:
    if not (rules.stacking_by_value and _stacks(rules)):
        return []
    # TRANSLATORS: rule text, house rules section (UNO No Mercy): a draw card answering a pending draw need not match.
    return [("house.stacking_by", tr.gettext(
        "A draw card played to answer a pending draw need not match the colour in play or the symbol."))]


def _stacking_revenge(rules: Rules, tr: Translator) -> list[tuple[str, str]]:
    if not (rules.stacking_revenge and _stacks(rules)):
        return []
    # TRANSLATORS: rule text, house rules section: the revenge house rule.
    return [("house.stacking_revenge", tr.gettext("Revenge: a draw card played to answer a pending draw counts double."))]


def _bomb(rules: Rules, tr: Translator) -> list[tuple[str, str]]:
    bomb = rules.bomb
    if bomb is None:
        return []
    # TRANSLATORS: rule text, house rules section: the bomb; {least} is how many cards played together make one, {count} what the others draw.
    return [("house.bomb", tr.ngettext(
        "Bomb: when {least} or more cards go down together, every other player draws {count} card.",
        "Bomb: when {least} or more cards go down together, every other player draws {count} cards.",
        bomb.count, least=bomb.min_cards))]


def _no_wild_on_wild(rules: Rules, tr: Translator) -> list[tuple[str, str]]:
    if not rules.no_wild_on_wild:
        return []
    # TRANSLATORS: rule text, house rules section: the no-wild-on-wild house rule.
    return [("house.no_wild_on_wild", tr.gettext("A wild card may not be played on a wild card."))]


def _stacking_same_color(rules: Rules, tr: Translator) -> list[tuple[str, str]]:
    """Said only where a coloured draw card may answer a pending draw at all: the judge's
    colour test (engine/playing.py) has nothing to refuse otherwise."""
    coloured = any(answer in rules.kinds and rules.kinds[answer].colored and rules.kinds[answer].pending is not None
                   for answers in rules.stacking_lists.values() for answer in answers)
    if not (rules.stacking_same_color and coloured):
        return []
    # TRANSLATORS: rule text, house rules section: stacking is allowed only within the colour in play.
    return [("house.stacking_same_color", tr.gettext(
        "A coloured draw card may answer a pending draw only if it is of the colour in play."))]


def _stacking_cap(rules: Rules, tr: Translator) -> list[tuple[str, str]]:
    cap = rules.stacking_cap
    if cap is None or not _stacks(rules):
        return []
    # TRANSLATORS: rule text, house rules section: the stacking cap (house.stacking_cap); {count} is the most cards a pending draw may add up to by stacking. Nobody is named: the sentence is about the cards owed and the card that may not be stacked.
    return [("house.stacking_cap", tr.npgettext("house rule",
        "Stacking cap: stacking may take a pending draw up to {count} card, no further; a card that would take it past that may not be stacked on it.",
        "Stacking cap: stacking may take a pending draw up to {count} cards, no further; a card that would take it past that may not be stacked on it.",
        cap))]


def _hand_cap(rules: Rules, tr: Translator) -> list[tuple[str, str]]:
    cap = rules.hand_cap
    if cap is None:
        return []
    # TRANSLATORS: rule text, house rules section: the hand limit; {count} is the most cards a hand may hold.
    return [("house.hand_cap", tr.ngettext(
        "Hand limit: a player holding {count} card draws no more; draws and penalties stop there, and a player who cannot play ends the turn.",
        "Hand limit: a player holding {count} cards draws no more; draws and penalties stop there, and a player who cannot play ends the turn.", cap))]


def _mercy(rules: Rules, tr: Translator) -> list[tuple[str, str]]:
    limit = rules.mercy_limit
    if limit is None:
        return []
    if rules.mercy_for_game:
        # TRANSLATORS: rule text, house rules section: the mercy rule played for the whole game; {count} is the number of cards that puts a player out, for this round and every later one.
        return [("house.mercy", tr.ngettext(
            "Mercy rule: a player who holds {count} card or more is out of the game at once: their cards go under the discard pile, and they are dealt no cards in the rounds that follow. The last player left in wins the game.",
            "Mercy rule: a player who holds {count} cards or more is out of the game at once: their cards go under the discard pile, and they are dealt no cards in the rounds that follow. The last player left in wins the game.", limit))]
    # TRANSLATORS: rule text, house rules section: the mercy rule; {count} is the number of cards that puts a player out.
    return [("house.mercy", tr.ngettext(
        "Mercy rule: a player who holds {count} card or more is out of the round at once, and their cards go under the discard pile. The last player left in wins the round and the game.",
        "Mercy rule: a player who holds {count} cards or more is out of the round at once, and their cards go under the discard pile. The last player left in wins the round and the game.", limit))]


def _elimination(rules: Rules, tr: Translator) -> list[tuple[str, str]]:
    if not rules.elimination:
        return []
    # TRANSLATORS: rule text, house rules section: elimination; "out of the game" means for every later round too.
    return [("house.elimination", tr.gettext(
        "Elimination: when a round is scored, the player holding the most cards, and every player tied with them, is out of the game. The last player left wins the game."))]


def _play_for_places(rules: Rules, tr: Translator) -> list[tuple[str, str]]:
    if not rules.play_for_places:
        return []
    # TRANSLATORS: rule text, house rules section: playing on for places after a player goes out.
    return [("house.play_for_places", tr.gettext(
        "Play on for places: a player who goes out finishes, and the others play on without them until one player is left, who finishes last. The first to finish wins the round."))]


def _shuffle_seats(rules: Rules, tr: Translator) -> list[tuple[str, str]]:
    if not rules.shuffle_seats:
        return []
    # TRANSLATORS: rule text, house rules section: players change seats before each round.
    return [("house.shuffle_seats", tr.gettext(
        "Shuffle seats: before each new round the players change seats at random; scores go with the players."))]


def _jump_in(rules: Rules, tr: Translator) -> list[tuple[str, str]]:
    if not rules.jump_in:
        return []
    # TRANSLATORS: rule text, house rules section: the jump-in house rule.
    return [("house.jump_in", tr.gettext(
        "Jump-in: a player holding a card identical to the top card may play it out of turn; play then continues from them."))]


def _no_going_out_on(rules: Rules, tr: Translator) -> list[tuple[str, str]]:
    return [(f"house.no_going_out_on.{entry}", _no_going_out_sentence(entry, rules, tr))
            for entry in rules.no_going_out_on]


# The sentences of each house option, by the key its declaration names
# (referee/engine/house.py: HOUSE_OPTIONS), each reading the compiled fields.
HOUSE_SENTENCES: dict[str, HouseSentences] = {
    "house.doubles": _doubles,
    "house.stacking": _stacking,
    "house.stacking_by": _stacking_by,
    "house.stacking_revenge": _stacking_revenge,
    "house.bomb": _bomb,
    "house.no_wild_on_wild": _no_wild_on_wild,
    "house.stacking_same_color": _stacking_same_color,
    "house.stacking_cap": _stacking_cap,
    "house.hand_cap": _hand_cap,
    "house.mercy": _mercy,
    "house.elimination": _elimination,
    "house.play_for_places": _play_for_places,
    "house.shuffle_seats": _shuffle_seats,
    "house.jump_in": _jump_in,
    "house.no_going_out_on": _no_going_out_on,
}


def house(rules: Rules, tr: Translator) -> Section:
    # TRANSLATORS: title of the rule text section about house rules.
    section = Section("house", tr.pgettext("section title", "House rules"))
    for key in dict.fromkeys(option.sentence for option in HOUSE_OPTIONS if option.sentence):
        for fact in HOUSE_SENTENCES[key](rules, tr):
            section.add(*fact)
    if not section.facts:
        # TRANSLATORS: rule text, house rules section, when the ruleset adds none.
        section.add("house.none", tr.gettext("No house rules are in effect."))
    return section


def _no_going_out_sentence(entry: str, rules: Rules, tr: Translator) -> str:
    """An entry is a category (number, action, wild: the category wins over a kind of
    the same id) or a kind id."""
    if entry == "number":
        # TRANSLATORS: rule text, house rules section: a player's last card may not be a number card.
        return tr.gettext("You may not go out on a number card.")
    if entry == "action":
        # TRANSLATORS: rule text, house rules section: a player's last card may not be an action card.
        return tr.gettext("You may not go out on an action card.")
    if entry == "wild":
        # TRANSLATORS: rule text, house rules section: a player's last card may not be any wild card.
        return tr.gettext("You may not go out on a wild card.")
    # TRANSLATORS: rule text, house rules section: a player's last card may not be this card; {card} is its name.
    return tr.gettext("You may not go out on a {card}.", card=kind_name(entry, tr, rules))


SECTIONS = (objective, setup, turn, cards, challenge, uno, scoring, house)


def build_sections(resolved, lang: str, tr: Translator | None = None) -> list[Section]:
    """The rule book's sections for a ruleset, compiled or as its resolved data."""
    tr, rules = tr or translator(lang), compiled(resolved)
    return [make(rules, tr) for make in SECTIONS]


def _own_words(data: dict, lang: str) -> dict:
    entry = (data.get("translations") or {}).get(lang)
    return entry if isinstance(entry, dict) else {}


def ruleset_title(data: dict, lang: str) -> str:
    """The ruleset's title in the reader's language: its own translation when it has
    one (the `translations` block), else the title as written."""
    return str(_own_words(data, lang).get("title") or data.get("title") or data.get("id") or "")


def ruleset_description(data: dict, lang: str) -> str:
    """The ruleset's description in the reader's language (see ruleset_title)."""
    own = _own_words(data, lang)
    if own.get("title"):  # a translated ruleset: never mix its title with an English description
        return str(own.get("description") or "")
    return str(data.get("description") or "")


def rule_text(resolved_data: dict, lang: str) -> dict:
    """The rules of a resolved ruleset, section by section, in the reader's language."""
    return {
        "lang": lang,
        "ruleset": {"id": resolved_data.get("id"), "title": ruleset_title(resolved_data, lang),
                    "description": ruleset_description(resolved_data, lang)},
        "sections": [{"id": section.id, "title": section.title,
                      "paragraphs": [paragraph for _key, paragraph in section.facts]}
                     for section in build_sections(resolved_data, lang)],
    }
