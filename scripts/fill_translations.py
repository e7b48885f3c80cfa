#!/usr/bin/env python3
"""Fills the German and Simplified Chinese .ts files from the glossary below.

Run `cmake --build build --target update_translations` first (lupdate adds new source strings),
then this script. Strings missing from the glossary are listed and left unfinished, so a
translator (or Qt Linguist) can take them up; nothing is invented.
"""
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

# source text -> (German, Chinese). Plural forms: a tuple of forms for German (one, other).
GLOSSARY = {
    "Vantage workbench": ("Vantage-Werkbank", "Vantage 工作台"),
    "Session file to open (*.vantage)": ("Zu öffnende Sitzungsdatei (*.vantage)", "要打开的会话文件 (*.vantage)"),
    "Open the demo session": ("Die Demo-Sitzung öffnen", "打开演示会话"),
    "Write a PNG of the window after start-up, then quit": ("Nach dem Start ein PNG des Fensters schreiben, dann beenden", "启动后将窗口保存为 PNG，然后退出"),
    "Tab to show first (by index)": ("Zuerst gezeigter Reiter (Index)", "首先显示的标签页（索引）"),
    "Vantage sessions (*.vantage);;All files (*)": ("Vantage-Sitzungen (*.vantage);;Alle Dateien (*)", "Vantage 会话 (*.vantage);;所有文件 (*)"),
    "Cannot read runs: %1": ("Läufe können nicht gelesen werden: %1", "无法读取运行记录：%1"),
    "Session": ("Sitzung", "会话"),
    "Session Browser": ("Sitzungsbrowser", "会话浏览器"),
    "&File": ("&Datei", "文件(&F)"),
    "&New Session…": ("&Neue Sitzung…", "新建会话(&N)…"),
    "&Open Session…": ("Sitzung ö&ffnen…", "打开会话(&O)…"),
    "Open &Recent": ("&Zuletzt geöffnet", "最近打开(&R)"),
    "Save &As…": ("Speichern &unter…", "另存为(&A)…"),
    "&Export Report…": ("Bericht &exportieren…", "导出报告(&E)…"),
    "&Close Session": ("Sitzung s&chließen", "关闭会话(&C)"),
    "&Quit": ("&Beenden", "退出(&Q)"),
    "&View": ("&Ansicht", "视图(&V)"),
    "Session &Browser": ("Sitzungs&browser", "会话浏览器(&B)"),
    "&Tools": ("&Werkzeuge", "工具(&T)"),
    "&Settings…": ("&Einstellungen…", "设置(&S)…"),
    "&Help": ("&Hilfe", "帮助(&H)"),
    "&About Vantage": ("Über &Vantage", "关于 Vantage(&A)"),
    "About &Qt": ("Über &Qt", "关于 Qt(&Q)"),
    "Open Recent": ("Zuletzt geöffnet", "最近打开"),
    "“%1” no longer exists; it is removed from the list.": ("„%1“ existiert nicht mehr und wird aus der Liste entfernt.", "“%1”已不存在，已从列表中移除。"),
    "(none)": ("(keine)", "（无）"),
    "Clear List": ("Liste leeren", "清空列表"),
    "Finish or cancel the running job before switching sessions.": ("Beenden oder abbrechen Sie den laufenden Auftrag, bevor Sie die Sitzung wechseln.", "切换会话前，请先完成或取消正在运行的任务。"),
    "Open Session": ("Sitzung öffnen", "打开会话"),
    "%n run(s) had been interrupted and are now marked failed.": (("%n Lauf war unterbrochen und ist nun als fehlgeschlagen markiert.", "%n Läufe waren unterbrochen und sind nun als fehlgeschlagen markiert."), "%n 个运行曾被中断，现已标记为失败。"),
    "Session upgraded; the old file was kept as %1": ("Sitzung aktualisiert; die alte Datei wurde als %1 behalten", "会话已升级；旧文件保存为 %1"),
    "Cannot open the session.\n\n%1": ("Die Sitzung kann nicht geöffnet werden.\n\n%1", "无法打开会话。\n\n%1"),
    "Cannot replace “%1”.": ("„%1“ kann nicht ersetzt werden.", "无法替换“%1”。"),
    "New Session": ("Neue Sitzung", "新建会话"),
    "Cannot create the session.\n\n%1": ("Die Sitzung kann nicht angelegt werden.\n\n%1", "无法创建会话。\n\n%1"),
    "Close Session": ("Sitzung schließen", "关闭会话"),
    "Finish or cancel the running job first.": ("Beenden oder abbrechen Sie zuerst den laufenden Auftrag.", "请先完成或取消正在运行的任务。"),
    "Untitled.vantage": ("Unbenannt.vantage", "未命名.vantage"),
    "Save Session As": ("Sitzung speichern unter", "会话另存为"),
    "Cannot save the session.\n\n%1": ("Die Sitzung kann nicht gespeichert werden.\n\n%1", "无法保存会话。\n\n%1"),
    "GPU path built (CUDA runtime %1, NCCL %2); %n GPU(s) visible": (("GPU-Pfad gebaut (CUDA-Laufzeit %1, NCCL %2); %n GPU sichtbar", "GPU-Pfad gebaut (CUDA-Laufzeit %1, NCCL %2); %n GPUs sichtbar"), "已构建 GPU 路径（CUDA 运行时 %1，NCCL %2）；可见 %n 个 GPU"),
    "CPU build (no GPU path)": ("CPU-Build (ohne GPU-Pfad)", "CPU 构建（无 GPU 路径）"),
    "About Vantage": ("Über Vantage", "关于 Vantage"),
    "<h3>Vantage %1</h3><p>A workbench for people who train and serve large models: parallelization frontiers, elastic training, layer-wise GNN evaluation and debiased recommendation.</p><p>Build %2 · Qt %3 · %4</p>": (
        "<h3>Vantage %1</h3><p>Eine Werkbank für alle, die große Modelle trainieren und bereitstellen: Parallelisierungsfronten, elastisches Training, schichtweise GNN-Auswertung und entzerrte Empfehlungen.</p><p>Build %2 · Qt %3 · %4</p>",
        "<h3>Vantage %1</h3><p>面向大模型训练与服务人员的工作台：并行策略前沿、弹性训练、逐层 GNN 评估与去偏推荐。</p><p>构建 %2 · Qt %3 · %4</p>"),
    "No page in this build shows runs of engine “%1”.": ("Keine Seite dieses Builds zeigt Läufe der Engine „%1“.", "此构建中没有页面可以显示引擎“%1”的运行。"),
    "%1 — Vantage": ("%1 — Vantage", "%1 — Vantage"),
    "Vantage": ("Vantage", "Vantage"),
    "Quit Vantage": ("Vantage beenden", "退出 Vantage"),
    "A job is still running. Cancel it and quit?": ("Ein Auftrag läuft noch. Abbrechen und beenden?", "仍有任务在运行。取消任务并退出？"),
    "All engines": ("Alle Engines", "所有引擎"),
    "Any status": ("Jeder Status", "任意状态"),
    "Search runs": ("Läufe durchsuchen", "搜索运行"),
    "%n run(s)": (("%n Lauf", "%n Läufe"), "%n 个运行"),
    "%1 of %n run(s)": (("%1 von %n Lauf", "%1 von %n Läufen"), "%1 / %n 个运行"),
    "Frontier": ("Front", "前沿"),
    "Elastic training": ("Elastisches Training", "弹性训练"),
    "GNN evaluation": ("GNN-Auswertung", "GNN 评估"),
    "Recommendation": ("Empfehlung", "推荐"),
    "queued": ("wartend", "排队中"),
    "running": ("läuft", "运行中"),
    "done": ("fertig", "完成"),
    "failed": ("fehlgeschlagen", "失败"),
    "cancelled": ("abgebrochen", "已取消"),
    "%1 ms": ("%1 ms", "%1 毫秒"),
    "%1 s": ("%1 s", "%1 秒"),
    "%1 min": ("%1 min", "%1 分钟"),
    "#": ("Nr.", "编号"),
    "Engine": ("Engine", "引擎"),
    "Kind": ("Art", "类型"),
    "Name": ("Name", "名称"),
    "Status": ("Status", "状态"),
    "Started": ("Gestartet", "开始时间"),
    "Duration": ("Dauer", "耗时"),
    "Result": ("Ergebnis", "结果"),
    "Settings": ("Einstellungen", "设置"),
    "System language": ("Systemsprache", "系统语言"),
    "Browse…": ("Durchsuchen…", "浏览…"),
    "Default Session Folder": ("Standardordner für Sitzungen", "默认会话文件夹"),
    "Follows the system (colours and style of your desktop)": ("Folgt dem System (Farben und Stil Ihres Desktops)", "跟随系统（桌面的颜色与样式）"),
    "&Language:": ("&Sprache:", "语言(&L)："),
    "A new language applies the next time Vantage starts.": ("Eine neue Sprache gilt ab dem nächsten Start von Vantage.", "新语言将在下次启动 Vantage 时生效。"),
    "Default session &folder:": ("Standard-Sitzungs&ordner:", "默认会话文件夹(&F)："),
    "Theme:": ("Erscheinungsbild:", "主题："),
    "The session folder “%1” does not exist.": ("Der Sitzungsordner „%1“ existiert nicht.", "会话文件夹“%1”不存在。"),
    "New Session…": ("Neue Sitzung…", "新建会话…"),
    "Open Session…": ("Sitzung öffnen…", "打开会话…"),
    "No session open": ("Keine Sitzung geöffnet", "未打开会话"),
    "A session is one file (*.vantage) that keeps every run: its inputs, results, charts and exports. Create one or open an existing one to start.": (
        "Eine Sitzung ist eine Datei (*.vantage), die jeden Lauf festhält: Eingaben, Ergebnisse, Diagramme und Exporte. Legen Sie eine an oder öffnen Sie eine vorhandene.",
        "会话是一个文件 (*.vantage)，保存每次运行的输入、结果、图表和导出。新建或打开一个会话即可开始。"),
    "Cannot read the session: %1": ("Die Sitzung kann nicht gelesen werden: %1", "无法读取会话：%1"),
    "<p>File: <code>%1</code></p>": ("<p>Datei: <code>%1</code></p>", "<p>文件：<code>%1</code></p>"),
    "<p>This session has no runs yet. Pick an engine's tab above to start one.</p>": ("<p>Diese Sitzung hat noch keine Läufe. Wählen Sie oben den Reiter einer Engine, um einen zu starten.</p>", "<p>此会话还没有运行。请在上方选择一个引擎标签页开始。</p>"),
    "Cancel": ("Abbrechen", "取消"),
    "%1: cancelling…": ("%1: wird abgebrochen…", "%1：正在取消…"),
    "%1: %2": ("%1: %2", "%1：%2"),
    "Rename Run": ("Lauf umbenennen", "重命名运行"),
    "Tag Run": ("Lauf verschlagworten", "为运行添加标签"),
    "%1: done": ("%1: fertig", "%1：完成"),
    "%1: cancelled": ("%1: abgebrochen", "%1：已取消"),
    "%1: failed": ("%1: fehlgeschlagen", "%1：失败"),
    "&Edit": ("&Bearbeiten", "编辑(&E)"),
    "&Undo": ("&Rückgängig", "撤销(&U)"),
    "&Redo": ("&Wiederholen", "重做(&R)"),
    "Re&name Run…": ("Lauf &umbenennen…", "重命名运行(&N)…"),
    "&Tags…": ("&Schlagwörter…", "标签(&T)…"),
    "&Delete Runs": ("Läufe &löschen", "删除运行(&D)"),
    "%n run(s) deleted. Edit > Undo brings them back.": (("%n Lauf gelöscht. Bearbeiten > Rückgängig holt ihn zurück.", "%n Läufe gelöscht. Bearbeiten > Rückgängig holt sie zurück."), "已删除 %n 个运行。编辑 > 撤销可恢复。"),
    "Delete Runs": ("Läufe löschen", "删除运行"),
    "Name:": ("Name:", "名称："),
    "Tags": ("Schlagwörter", "标签"),
    "Tags, separated by commas:": ("Schlagwörter, durch Kommas getrennt:", "标签（以逗号分隔）："),
    "Show": ("Anzeigen", "显示"),
    "Rename…": ("Umbenennen…", "重命名…"),
    "Tags…": ("Schlagwörter…", "标签…"),
    "Delete %n Run(s)": (("%n Lauf löschen", "%n Läufe löschen"), "删除 %n 个运行"),
    "Cannot write “%1”.": ("„%1“ kann nicht geschrieben werden.", "无法写入“%1”。"),
    "Save as PNG…": ("Als PNG speichern…", "另存为 PNG…"),
    "Save Chart": ("Diagramm speichern", "保存图表"),
    "PNG images (*.png)": ("PNG-Bilder (*.png)", "PNG 图像 (*.png)"),
    "Save as SVG…": ("Als SVG speichern…", "另存为 SVG…"),
    "SVG images (*.svg)": ("SVG-Bilder (*.svg)", "SVG 图像 (*.svg)"),
    "Copy": ("Kopieren", "复制"),
    "Baselines": ("Vergleichsverfahren", "基线"),
    "Budget": ("Budget", "预算"),
    "Fastest within budget": ("Schnellste im Budget", "预算内最快"),
    "Picked": ("Gewählt", "已选"),
    "Logarithmic axis: %1": ("Logarithmische Achse: %1", "对数坐标轴：%1"),
    "Fit to View": ("An Ansicht anpassen", "适应视图"),
    "Actual Size": ("Originalgröße", "实际大小"),
    "Save Drawing": ("Zeichnung speichern", "保存图形"),
}


def fill(ts_path: Path, column: int) -> list[str]:
    tree = ET.parse(ts_path)
    missing = []
    for message in tree.getroot().iter("message"):
        source = message.find("source").text or ""
        translation = message.find("translation")
        if source not in GLOSSARY:
            missing.append(source)
            continue
        value = GLOSSARY[source][column]
        for child in list(translation):
            translation.remove(child)
        translation.text = None
        translation.attrib.pop("type", None)
        if message.get("numerus") == "yes":
            forms = value if isinstance(value, tuple) else (value,)
            for form in forms:
                ET.SubElement(translation, "numerusform").text = form
        else:
            translation.text = value[0] if isinstance(value, tuple) else value
    tree.write(ts_path, encoding="utf-8", xml_declaration=True)
    return missing


def fill_english_plurals(ts_path: Path) -> None:
    """English needs only the plural forms of %n strings: "run(s)" -> "run" / "runs"."""
    tree = ET.parse(ts_path)
    for message in tree.getroot().iter("message"):
        if message.get("numerus") != "yes":
            continue
        source = message.find("source").text or ""
        translation = message.find("translation")
        for child in list(translation):
            translation.remove(child)
        translation.attrib.pop("type", None)
        ET.SubElement(translation, "numerusform").text = source.replace("(s)", "")
        ET.SubElement(translation, "numerusform").text = source.replace("(s)", "s")
    tree.write(ts_path, encoding="utf-8", xml_declaration=True)


def main() -> int:
    root = Path(__file__).resolve().parent.parent / "translations"
    fill_english_plurals(root / "vantage_en.ts")
    status = 0
    for name, column in (("vantage_de.ts", 0), ("vantage_zh_CN.ts", 1)):
        missing = fill(root / name, column)
        for m in missing:
            print(f"{name}: no translation for {m!r}", file=sys.stderr)
        status |= bool(missing)
    return status


if __name__ == "__main__":
    sys.exit(main())
