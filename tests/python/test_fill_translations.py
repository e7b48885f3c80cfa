"""scripts/fill_translations.py: unfinished messages are filled from the glossary of new strings,
then from the same text in another context of the file; finished ones are never touched; what has
no translation is listed; glossary entries the files already hold are named for deletion."""

import importlib.util
import xml.etree.ElementTree as ET

import pytest

from conftest import ROOT

spec = importlib.util.spec_from_file_location("fill_translations", ROOT / "scripts" / "fill_translations.py")
fill_translations = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fill_translations)

TS = """<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="{language}">
<context>
    <name>MainWindow</name>
    <message>
        <source>Session</source>
        <translation>{session}</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>{open}</translation>
    </message>
</context>
<context>
    <name>FtPage</name>
    <message>
        <source>Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n run(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Frontier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Budget</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
"""


def write_ts(folder, name, language, session, open_):
    (folder / name).write_text(TS.format(language=language, session=session, open=open_), encoding="utf-8")


def translations(path):
    """(context, source) -> translation text, plural forms, or None where unfinished."""
    out = {}
    for context in ET.parse(path).getroot().iter("context"):
        for message in context.iter("message"):
            t = message.find("translation")
            forms = tuple(f.text for f in t.findall("numerusform"))
            value = forms or t.text
            out[(context.findtext("name"), message.findtext("source"))] = None if t.get("type") else value
    return out


@pytest.fixture
def folder(tmp_path):
    write_ts(tmp_path, "vantage_de.ts", "de_DE", "Sitzung", "")  # "Open" unfinished in every context
    write_ts(tmp_path, "vantage_zh_CN.ts", "zh_CN", "会话", "打开")
    (tmp_path / "vantage_en.ts").write_text(TS.format(language="en", session="", open=""), encoding="utf-8")
    return tmp_path


GLOSSARY = {
    "%n run(s)": (("%n Lauf", "%n Läufe"), "%n 个运行"),
    "Frontier": ("Front", "前沿"),
    "Session": ("Arbeitssitzung", "工作会话"),  # before another context's; finished messages keep theirs
}


@pytest.mark.parametrize(
    ("name", "column", "expected", "missing"),
    [
        (
            "vantage_de.ts",
            0,
            {
                ("FtPage", "Session"): "Arbeitssitzung",
                ("FtPage", "Open"): None,
                ("FtPage", "%n run(s)"): ("%n Lauf", "%n Läufe"),
                ("FtPage", "Frontier"): "Front",
                ("FtPage", "Budget"): None,
                ("MainWindow", "Session"): "Sitzung",
            },
            ["Open", "Open", "Budget"],  # MainWindow's is empty: unfinished too,
        ),
        (
            "vantage_zh_CN.ts",
            1,
            {
                ("FtPage", "Session"): "工作会话",
                ("FtPage", "Open"): "打开",
                ("FtPage", "%n run(s)"): ("%n 个运行",),
                ("FtPage", "Frontier"): "前沿",
                ("FtPage", "Budget"): None,
                ("MainWindow", "Session"): "会话",
            },
            ["Budget"],
        ),
    ],
)
def test_fill(folder, name, column, expected, missing):
    assert fill_translations.fill(folder / name, column, GLOSSARY) == missing
    got = translations(folder / name)
    for key, value in expected.items():
        assert got[key] == value, key


def test_an_empty_glossary_fills_from_other_contexts_only(folder):
    assert fill_translations.fill(folder / "vantage_zh_CN.ts", 1, {}) == ["%n run(s)", "Frontier", "Budget"]
    assert translations(folder / "vantage_zh_CN.ts")[("FtPage", "Session")] == "会话"


def test_held_by_files(folder):
    assert fill_translations.held_by_files(folder, GLOSSARY) == ["Session"]  # "Open": German has none
    for name, column in fill_translations.LANGUAGES:
        fill_translations.fill(folder / name, column, GLOSSARY)
    assert fill_translations.held_by_files(folder, GLOSSARY) == ["%n run(s)", "Frontier", "Session"]


def test_main_lists_what_is_missing(folder, capsys, monkeypatch):
    monkeypatch.setattr(fill_translations, "GLOSSARY", dict(GLOSSARY))
    assert fill_translations.main([str(folder)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert "vantage_de.ts: no translation for 'Open'" in err
    assert "vantage_zh_CN.ts: no translation for 'Budget'" in err
    assert "GLOSSARY: the .ts files translate 'Frontier'; delete it from GLOSSARY" in err
    assert translations(folder / "vantage_en.ts")[("FtPage", "%n run(s)")] == ("%n run", "%n runs")


def test_the_glossary_holds_nothing_the_files_translate():
    """The .ts files are the one copy: an entry they already hold is deleted from GLOSSARY."""
    assert fill_translations.held_by_files(ROOT / "translations", fill_translations.GLOSSARY) == []
