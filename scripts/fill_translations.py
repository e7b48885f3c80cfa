#!/usr/bin/env python3
"""Fills the unfinished messages of the German and Simplified Chinese .ts files.

Run `cmake --build build --target update_translations` first (lupdate adds new source strings),
then this script, then the target once more (lupdate writes the files back in its own format, so
the diff holds only the new translations).

The .ts files are the one place the translations live. An unfinished message is filled from, in
order: GLOSSARY below (the translations of new strings, written by whoever added them), then the
same source text already translated in another context of the same file. A translation already
there is kept, never overwritten. Strings with neither are listed and left unfinished, so a
translator (or Qt Linguist) can take them up; nothing is invented. GLOSSARY entries the .ts files
already hold are listed too: delete them, the files keep them from then on.

    scripts/fill_translations.py [TRANSLATIONS_DIR]     (default: this checkout's translations/)
"""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path

# German: one text, or for a %n (plural) message its forms (one, other); Chinese: one text.
Translation = tuple[str | tuple[str, ...], str]

# Source text -> (German, Chinese) of strings the .ts files do not translate yet. Empty when every
# message is finished; the script lists the entries to delete once the files hold them.
GLOSSARY: dict[str, Translation] = {}

LANGUAGES = (("vantage_de.ts", 0), ("vantage_zh_CN.ts", 1))


def is_finished(translation: ET.Element) -> bool:
    """A translation someone made (by hand, by this script earlier, or by Qt Linguist)."""
    return translation.get("type") is None and bool(
        (translation.text or "").strip() or any((f.text or "").strip() for f in translation)
    )


def value_of(translation: ET.Element) -> str | tuple[str, ...]:
    """A finished translation's text, or its plural forms."""
    forms = translation.findall("numerusform")
    return tuple(f.text or "" for f in forms) if forms else translation.text or ""


def messages(tree: ET.ElementTree[ET.Element]) -> list[tuple[str, ET.Element, ET.Element]]:
    """(source text, message, translation) of every message of a .ts file."""
    out = []
    for message in tree.getroot().iter("message"):
        source, translation = message.find("source"), message.find("translation")
        if source is not None and translation is not None:
            out.append((source.text or "", message, translation))
    return out


def known_translations(tree: ET.ElementTree[ET.Element]) -> dict[str, str | tuple[str, ...]]:
    """Source text -> its finished translation in the file (the first context's, where several)."""
    known: dict[str, str | tuple[str, ...]] = {}
    for source, _, translation in messages(tree):
        if is_finished(translation):
            known.setdefault(source, value_of(translation))
    return known


def set_translation(message: ET.Element, translation: ET.Element, value: str | tuple[str, ...]) -> None:
    for child in list(translation):
        translation.remove(child)
    translation.text = None
    translation.attrib.pop("type", None)
    if message.get("numerus") == "yes":
        for form in value if isinstance(value, tuple) else (value,):
            ET.SubElement(translation, "numerusform").text = form
    else:
        translation.text = value[0] if isinstance(value, tuple) else value


def fill(ts_path: Path, column: int, glossary: dict[str, Translation] | None = None) -> list[str]:
    """Fills `ts_path`'s unfinished messages (column 0: German, 1: Chinese of the glossary) and
    returns the source texts left without a translation."""
    glossary = GLOSSARY if glossary is None else glossary
    tree = ET.parse(ts_path)
    known = known_translations(tree)
    missing = []
    for source, message, translation in messages(tree):
        if is_finished(translation):
            continue
        if source in glossary:
            set_translation(message, translation, glossary[source][column])
        elif source in known:
            set_translation(message, translation, known[source])
        else:
            missing.append(source)
    tree.write(ts_path, encoding="utf-8", xml_declaration=True)
    return missing


def held_by_files(root: Path, glossary: dict[str, Translation]) -> list[str]:
    """The glossary's source texts that every language's .ts file translates already."""
    held = set(glossary)
    for name, _ in LANGUAGES:
        held &= set(known_translations(ET.parse(root / name)))
    return sorted(held)


def fill_english_plurals(ts_path: Path) -> None:
    """English needs only the plural forms of %n strings: "run(s)" -> "run" / "runs"."""
    tree = ET.parse(ts_path)
    for source, message, translation in messages(tree):
        if message.get("numerus") != "yes":
            continue
        for child in list(translation):
            translation.remove(child)
        translation.attrib.pop("type", None)
        ET.SubElement(translation, "numerusform").text = source.replace("(s)", "")
        ET.SubElement(translation, "numerusform").text = source.replace("(s)", "s")
    tree.write(ts_path, encoding="utf-8", xml_declaration=True)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    root = Path(args[0]) if args else Path(__file__).resolve().parent.parent / "translations"
    fill_english_plurals(root / "vantage_en.ts")
    status = 0
    for name, column in LANGUAGES:
        missing = fill(root / name, column)
        for m in missing:
            print(f"{name}: no translation for {m!r}", file=sys.stderr)
        status |= bool(missing)
    for source in held_by_files(root, GLOSSARY):
        print(f"GLOSSARY: the .ts files translate {source!r}; delete it from GLOSSARY", file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
