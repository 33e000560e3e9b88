"""Issue 22: the glossary of the rules' measures and words, in both languages, with the measures'
inches from the ruleset's content."""

import dataclasses

import pytest

from game.content.glossary import MEASURES, glossary, glossary_file, read_glossary
from game.content.locale import LANGUAGES
from game.content.ruleset_files import load_ruleset
from game.model.errors import ContentError


def test_both_languages_explain_the_same_terms():
    english = read_glossary(glossary_file("en"))
    for lang in LANGUAGES:
        own = read_glossary(glossary_file(lang))
        assert list(own) == list(english), lang
        for key, entry in own.items():  # the same measures in every language's text
            for code in MEASURES:
                assert (f"{{{code}}}" in entry.text) == (f"{{{code}}}" in english[key].text), (
                    lang,
                    key,
                    code,
                )


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_the_newcomers_words_are_there(lang):
    keys = [g.key for g in glossary(lang, load_ruleset().core.measures)]
    for needed in ("measures", "estado_mayor", "detachment", "disorganised", "formation", "activation"):
        assert needed in keys
    assert {"reaction", "push", "officer"} <= set(keys)


def test_the_measures_are_the_rulesets_inches_and_follow_a_mod():
    rules = load_ruleset()
    measures = glossary("en", rules.core.measures)[0]
    assert measures.term == "XS, S, M, L, XL"
    assert 'XS 2", S 4", M 6", L 8", XL 10"' in measures.text
    changed = dict(rules.core.measures, XL=12.5)
    assert 'XL 12.5"' in glossary("en", changed)[0].text
    assert 'XL 12,5"' in glossary("es", changed)[0].text  # the Spanish decimal comma
    staff = next(g for g in glossary("es", rules.core.measures) if g.key == "estado_mayor")
    assert staff.term == "estado mayor" and 'XL (10")' in staff.text


def test_a_damaged_glossary_is_one_line_naming_the_file_and_key(tmp_path):
    bad = tmp_path / "glossary.toml"
    bad.write_text('[x]\nterm = "x"\ntext = "at {XXL} inches"\n')
    with pytest.raises(ContentError, match=r"glossary.toml: x.text.*XXL"):
        read_glossary(bad)
    bad.write_text('[x]\nterm = "x"\n')
    with pytest.raises(ContentError, match=r"glossary.toml: x"):
        read_glossary(bad)
    assert dataclasses.is_dataclass(read_glossary(glossary_file("en"))["push"])


def test_check_content_holds_each_glossary_to_the_english_terms_and_measures(tmp_path):
    import shutil

    from game import CONTENT
    from game.modding.content_check import check_content

    content = tmp_path / "content"
    shutil.copytree(CONTENT, content)
    es = content / "locale" / "es" / "glossary.toml"
    text = es.read_text().replace("[push]", "[empuje]").replace('XL {XL}\\"', 'XL {L}\\"', 1)
    es.write_text(text)
    problems = check_content((), content).problems
    assert any("glossary.toml: push" in p and "missing" in p for p in problems), problems
    assert any("glossary.toml: empuje" in p and "not a term" in p for p in problems)
    assert any("glossary.toml: measures.text" in p and "same measures" in p for p in problems)
