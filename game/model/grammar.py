"""Names with their grammar, and the forms a text asks of them (docs/spanish.md, "Names and their
grammar").

A `Name` is what the screens show alone ("General Dupont", "Granaderos provinciales") and carries what a
sentence needs to say it: the text as running prose writes it ("general Dupont": a title in lower case)
and its `Grammar`, its gender, its number and the definite article it takes. Content gives a name's
grammar as a short tag ("los", "la", "f pl", "the pl": `grammar_of`); where it gives none, the name's
kind and first word decide (`default_grammar`).

A text of the locale asks for a form in its placeholder's format spec (`form`):

- `{unit:el}` / `{unit:the}`: the name with its article if it takes one ("los Granaderos provinciales",
  "el general Dupont", "José I", "the 1st Division", "Lapisse's Division"); `{unit:El}` / `{unit:The}`
  the same with a capital, at the start of a sentence;
- `{unit:del}`, `{unit:al}`: after "de" or "a", the article contracted ("del general Dupont",
  "de la Caballería", "al general Dupont", "a José I");
- `{unit:'s}`: the English possessive, "'s", or "'" after a plural's final s ("the Hussars' first order",
  "General Castaños's");
- `{unit:mueve|mueven}`: the word for a singular name, then for a plural one;
  `{unit:desorganizado|desorganizada|desorganizados|desorganizadas}`: masculine and feminine singular,
  then masculine and feminine plural.

A plain string in such a place is a masculine singular name without an article."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

# the definite articles a tag may give, with the gender and number each says (English's says neither)
ARTICLES: dict[str, tuple[str | None, bool | None]] = {
    "el": ("m", False),
    "la": ("f", False),
    "los": ("m", True),
    "las": ("f", True),
    "the": (None, None),
}
MARKS = ("m", "f", "sg", "pl")
TAG_WORDS = (*ARTICLES, *MARKS)
# the forms a spec names: (the preposition put before the name, whether it starts a sentence)
ARTICLE_FORMS: dict[str, tuple[str, bool]] = {
    "el": ("", False),
    "the": ("", False),
    "El": ("", True),
    "The": ("", True),
    "del": ("de", False),
    "Del": ("de", True),
    "al": ("a", False),
    "Al": ("a", True),
}
# Spanish contracts "de el" and "a el" (RAE: del, al)
CONTRACTED = {"de": "del", "a": "al"}
# a spec that picks a word by the name's grammar: two forms (singular|plural) or four (m. sg., f. sg.,
# m. pl., f. pl.), each at most 40 characters
OWNER = "'s"  # the spec of the English possessive (form)
CHOICE = re.compile(r"[^{}|]{0,40}(\|[^{}|]{0,40}){1,3}")


@dataclass(frozen=True)
class Grammar:
    """A name's gender ("m" or "f"), number, and the definite article it takes ("" for none: a person's
    or a place's own name)."""

    gender: str = "m"
    plural: bool = False
    article: str = ""


PLAIN = Grammar()


def grammar_of(tag: str, guessed: Grammar = PLAIN) -> Grammar:
    """A content tag read into a grammar: space-separated words, an article (el, la, los, las; the)
    and a gender (m, f) or number (sg, pl) it does not say; what the tag leaves out is `guessed`'s
    (the name's default) except the article, which a tag gives or withholds. ValueError on a word
    that is none of these."""
    words = tag.split()
    unknown = [w for w in words if w not in TAG_WORDS]
    if unknown:
        raise ValueError(f"unknown word {unknown[0][:20]!r} (known: {', '.join(TAG_WORDS)})")
    gender, plural, article = guessed.gender, guessed.plural, ""
    for w in words:
        if w in ARTICLES:
            article = w
            said_gender, said_plural = ARTICLES[w]
            gender = said_gender or gender
            plural = plural if said_plural is None else said_plural
        elif w in ("m", "f"):
            gender = w
        else:
            plural = w == "pl"
    return Grammar(gender, plural, article)


def tag_of(name: object) -> str:
    """A name's grammar written as a content tag ("la f sg"; a plain value's: "m sg")."""
    g = name.grammar if isinstance(name, Name) else PLAIN
    return " ".join(x for x in (g.article, g.gender, "pl" if g.plural else "sg") if x)


def tag_problem(tag: str) -> str | None:
    """What is wrong with a content tag, or None."""
    try:
        grammar_of(tag)
    except ValueError as e:
        return f"expected a grammar: {e}"
    return None


# --- defaults: what a name takes when its content gives no grammar ---------------------------------

# by language, the kinds of names that take the definite article unless their content says otherwise
# (a person's and a place's own names take none: "Dupont", "Bailén"; a Spanish officer is named by his
# title, "el general Dupont")
TAKES_ARTICLE = {
    "es": {"side", "division", "unit", "officer", "player", "faction", "title"},
    "en": {"division"},
}
# kinds whose names of one word are peoples, plural: English sides ("French", "Anglo-Portuguese"); a
# side of more words is as its noun says ("Blue army deploys", "Portuguese and Germans deploy")
PEOPLE_KINDS = {"en": {"side"}}
# kinds whose names are one person, whatever their first word ("Marquis of Portago", "Charles Stewart"):
# plural only when two are named ("King Joseph and Marshal Jourdan")
PERSON_KINDS = {"en": {"officer"}}
# English: where a name's first phrase ends ("Cazadores de Olivenza", "Chasseurs à cheval"), and the
# words of one body that, first, make it singular whatever follows ("Brigade Burgos", "Regimiento de X")
ENGLISH_PHRASE_END = re.compile(r",| (?:of|de|del|des|du|à|a) ")
ONE_BODY = frozenset(
    ("brigade", "brigada", "division", "regiment", "regimiento", "battery", "battalion", "army", "corps",
     "legion", "column", "detachment", "squadron", "company", "clan", "house", "tribe")
)  # fmt: skip
POSSESSIVE = ("'s", "’s", "s'", "s’")  # English: "Lapisse's", "Dessolles'"
FEMININE_ENDINGS = ("a", "as", "ión", "iones", "dad", "dades", "tad", "tades", "tud", "umbre")


def default_grammar(text: str, kind: str, language: str) -> Grammar:
    """A name's grammar when its content gives none: its number and gender read from its words
    (Spanish: a first word ending in -s is plural, in -a, -ión, -dad, -tad, -tud or -umbre feminine;
    English: a name of two joined by "and" is plural, an officer's only so, a side's of one word
    always; else its noun, the last word of its first phrase, ending in -s, not -ss, or in -men), the
    article as its kind takes one in the language (`TAKES_ARTICLE`)."""
    word = _head(text)
    plural = _plural(text, kind, language)
    gender = "f" if language == "es" and word.endswith(FEMININE_ENDINGS) else "m"
    article = ""
    if kind in TAKES_ARTICLE.get(language, set()):
        if language == "es":
            article = {("m", False): "el", ("f", False): "la", ("m", True): "los", ("f", True): "las"}[
                (gender, plural)
            ]
        elif not word.endswith(POSSESSIVE):  # "Lapisse's Division" is a name of its own
            article = "the"
    return Grammar(gender, plural, article)


def name_grammar(text: str, tag: str, kind: str, language: str) -> Grammar:
    """A name's grammar: its content's tag over its default; a bad tag (refused by the content's
    checks) leaves the default."""
    guessed = default_grammar(text, kind, language)
    if not tag:
        return guessed
    try:
        return grammar_of(tag, guessed)
    except ValueError:
        return guessed


def _head(text: str, past: tuple[str, ...] = ()) -> str:
    """A name's first word that is a word (past ordinals and numbers: "1.ª Brigada" -> "brigada"), and
    past any word ending as `past` says ("Reina's Dragoons" -> "dragoons")."""
    for word in re.findall(r"[^\s,()]+", text.lower()):
        is_word = any(c.isalpha() for c in word) and not any(c.isdigit() for c in word)
        if is_word and not (past and word.endswith(past)):
            return word
    return ""


def _plural(text: str, kind: str, language: str) -> bool:
    if language == "es":
        word = _head(text)
        return len(word) > 2 and word.endswith("s")
    lead = text.split(" (", 1)[0]
    if " and " in lead:  # "62nd and 101st of the Line", "King Joseph and Marshal Jourdan"
        return True
    if kind in PERSON_KINDS["en"]:
        return False
    if kind in PEOPLE_KINDS["en"] and len(lead.split()) == 1:
        return True
    # English says a name's number in its noun, the last word of its first phrase ("Polish lancers",
    # "Guard battery", "Chasseurs à cheval"), unless it opens with the body it names ("Brigade Burgos")
    phrase = ENGLISH_PHRASE_END.split(lead, 1)[0]
    if _head(phrase, POSSESSIVE) in ONE_BODY:
        return False
    words = [w for w in re.findall(r"[^\s,()]+", phrase.lower()) if w.isalpha() or "-" in w]
    word = words[-1] if words else ""
    return (len(word) > 2 and word.endswith("s") and not word.endswith(("ss", *POSSESSIVE))) or (
        word.endswith("men")  # "Riflemen"
    )


# --- names and their forms ------------------------------------------------------------------------


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


class Name(str):
    """A name as a screen shows it alone (its first letter a capital), with the text running prose
    writes (`running`) and its grammar; a text's placeholder asks it for a form (`form`)."""

    running: str
    grammar: Grammar

    def __new__(cls, text: str, grammar: Grammar = PLAIN, shown: str | None = None) -> Name:
        name = super().__new__(cls, capitalised(text) if shown is None else shown)
        name.running = text
        name.grammar = grammar
        return name

    def __format__(self, spec: str) -> str:
        return form(self, spec)

    def __reduce__(self) -> tuple[object, ...]:
        return (Name, (self.running, self.grammar, str(self)))


def form(value: object, spec: str) -> str:
    """The form of a value a placeholder's spec asks for (the module's docstring); a spec of another
    kind (a width) as Python formats it."""
    if spec in ARTICLE_FORMS:
        preposition, starts = ARTICLE_FORMS[spec]
        text = with_article(value)
        if preposition:
            text = _after(preposition, text, value)
        return capitalised(text) if starts and isinstance(value, Name) else text  # an id stays as it is
    if "|" in spec and CHOICE.fullmatch(spec):
        return choose(value, spec.split("|"))
    if spec == OWNER:
        return _owner(value)
    return format(str(value) if isinstance(value, Name) else value, spec)


def _owner(value: object) -> str:
    """The English possessive: "'" after a plural ending in s ("the Hussars'", "the 2nd Dragoons'"), as
    after a name's last word that is a plural past its first phrase ("Court of Bones'", "Army of the
    Andes'"); "'s" after any other word, a singular name's final s too ("General Castaños's", as the
    game's battles write "Ellis's Brigade"). A plain value is read as English nouns are ("hussars")."""
    text = str(value)
    if not text.endswith(("s", "S")):
        return f"{text}'s"
    plural = value.grammar.plural if isinstance(value, Name) else _plural(text, "", "en")
    complement = ENGLISH_PHRASE_END.split(text.split(" (", 1)[0], 1)[1:]
    if plural or (complement and _plural(complement[0], "", "en")):
        return f"{text}'"
    return f"{text}'s"


def with_article(value: object) -> str:
    """A name in running text with its article if it takes one; any other value as it is."""
    if not isinstance(value, Name):
        return str(value)
    article = value.grammar.article
    return f"{article} {value.running}" if article else value.running


def running_text(value: object) -> str:
    """A name's text as running prose writes it, without its article ("general Dupont"); any other
    value as it is (a content file's name, made again from it with `tag_of`, keeps its grammar)."""
    return value.running if isinstance(value, Name) else str(value)


def _after(preposition: str, text: str, value: object) -> str:
    """A name after a preposition: "de" and "a" contract with a Spanish article "el", the name's own or
    the first of names said together ("del Regimiento de Burgos y los Cazadores")."""
    if isinstance(value, Name) and text.startswith("el "):
        return f"{CONTRACTED.get(preposition, preposition + ' el')} {text[3:]}"
    return f"{preposition} {text}"


def choose(value: object, forms: list[str]) -> str:
    """The form for the value's grammar: of two, singular then plural; of four, masculine and
    feminine singular, then masculine and feminine plural (a plain value is masculine singular)."""
    g = value.grammar if isinstance(value, Name) else PLAIN
    if len(forms) == 2:
        return forms[g.plural]
    if len(forms) == 4:
        return forms[2 * g.plural + (g.gender == "f")]
    return forms[0]


def is_form(spec: str) -> bool:
    """Whether a format spec asks a name for a form (an article, a choice of words)."""
    return (
        spec in ARTICLE_FORMS
        or spec == OWNER
        or ("|" in spec and CHOICE.fullmatch(spec) is not None and spec.count("|") in (1, 3))
    )


def listed(names: Iterable[object], last: str = ", ") -> Name:
    """Names said together ("la Brigada Chabert, los Granaderos provinciales y el general Dupont"): each
    with its article, `last` before the last of them; plural when more than one, feminine when all are."""
    items = list(names)
    if len(items) == 1 and isinstance(items[0], Name):
        return items[0]
    said, shown = [with_article(n) for n in items], [str(n) for n in items]
    feminine = bool(items) and all(isinstance(n, Name) and n.grammar.gender == "f" for n in items)
    return Name(_joined(said, last), Grammar("f" if feminine else "m", len(items) > 1), _joined(shown, last))


def _joined(words: list[str], last: str) -> str:
    return ", ".join(words[:-1]) + last + words[-1] if len(words) > 1 else "".join(words)


def shown_whole(name: str) -> str:
    """A name a screen shows alone with its article (a place: "Las norias", "El molino del vado")."""
    if not isinstance(name, Name):
        return name
    return Name(name.running, name.grammar, capitalised(with_article(name)))


def said_name(text: str, tag: str, kind: str, language: str) -> Name:
    """A name of content in a language: its text, with the grammar its tag gives over its kind's
    default (`name_grammar`). An English name written with its article ("The norias", "The Army of
    Valencia") takes it as its article unless its tag withholds one: running text says "the norias",
    a screen "The norias" as written."""
    if language == "en" and text[:4] in ("The ", "the ") and text[4:].strip():
        grammar = name_grammar(text[4:], tag or "the", kind, language)
        if grammar.article == "the":
            return Name(text[4:], grammar, capitalised(text))
    return Name(text, name_grammar(text, tag, kind, language))
