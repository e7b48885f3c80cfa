<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="de_DE">
<context>
    <name>RunCommands</name>
    <message>
        <source>Rename Run</source>
        <translation>Lauf umbenennen</translation>
    </message>
    <message>
        <source>Tag Run</source>
        <translation>Lauf verschlagworten</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Vantage workbench</source>
        <translation>Vantage-Werkbank</translation>
    </message>
    <message>
        <source>Session file to open (*.vantage)</source>
        <translation>Zu öffnende Sitzungsdatei (*.vantage)</translation>
    </message>
    <message>
        <source>Open the demo session</source>
        <translation>Die Demo-Sitzung öffnen</translation>
    </message>
    <message>
        <source>Write a PNG of the window after start-up, then quit</source>
        <translation>Nach dem Start ein PNG des Fensters schreiben, dann beenden</translation>
    </message>
    <message>
        <source>Tab to show first (by index)</source>
        <translation>Zuerst gezeigter Reiter (Index)</translation>
    </message>
</context>
<context>
    <name>vantage::gui::EnginePage</name>
    <message>
        <source>%1: done</source>
        <translation>%1: fertig</translation>
    </message>
    <message>
        <source>%1: cancelled</source>
        <translation>%1: abgebrochen</translation>
    </message>
    <message>
        <source>%1: failed</source>
        <translation>%1: fehlgeschlagen</translation>
    </message>
</context>
<context>
    <name>vantage::gui::MainWindow</name>
    <message>
        <source>Vantage sessions (*.vantage);;All files (*)</source>
        <translation>Vantage-Sitzungen (*.vantage);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Cannot read runs: %1</source>
        <translation>Läufe können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>Sitzung</translation>
    </message>
    <message>
        <source>Session Browser</source>
        <translation>Sitzungsbrowser</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;New Session…</source>
        <translation>&amp;Neue Sitzung…</translation>
    </message>
    <message>
        <source>&amp;Open Session…</source>
        <translation>Sitzung ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Speichern &amp;unter…</translation>
    </message>
    <message>
        <source>&amp;Export Report…</source>
        <translation>Bericht &amp;exportieren…</translation>
    </message>
    <message>
        <source>&amp;Close Session</source>
        <translation>Sitzung s&amp;chließen</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>Session &amp;Browser</source>
        <translation>Sitzungs&amp;browser</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>&amp;Werkzeuge</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Einstellungen…</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About Vantage</source>
        <translation>Über &amp;Vantage</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <source>Open Recent</source>
        <translation>Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>“%1” no longer exists; it is removed from the list.</source>
        <translation>„%1“ existiert nicht mehr und wird aus der Liste entfernt.</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>Clear List</source>
        <translation>Liste leeren</translation>
    </message>
    <message>
        <source>Finish or cancel the running job before switching sessions.</source>
        <translation>Beenden oder abbrechen Sie den laufenden Auftrag, bevor Sie die Sitzung wechseln.</translation>
    </message>
    <message>
        <source>Open Session</source>
        <translation>Sitzung öffnen</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) had been interrupted and are now marked failed.</source>
        <translation><numerusform>%n Lauf war unterbrochen und ist nun als fehlgeschlagen markiert.</numerusform><numerusform>%n Läufe waren unterbrochen und sind nun als fehlgeschlagen markiert.</numerusform></translation>
    </message>
    <message>
        <source>Session upgraded; the old file was kept as %1</source>
        <translation>Sitzung aktualisiert; die alte Datei wurde als %1 behalten</translation>
    </message>
    <message>
        <source>Cannot open the session.

%1</source>
        <translation>Die Sitzung kann nicht geöffnet werden.

%1</translation>
    </message>
    <message>
        <source>Cannot replace “%1”.</source>
        <translation>„%1“ kann nicht ersetzt werden.</translation>
    </message>
    <message>
        <source>New Session</source>
        <translation>Neue Sitzung</translation>
    </message>
    <message>
        <source>Cannot create the session.

%1</source>
        <translation>Die Sitzung kann nicht angelegt werden.

%1</translation>
    </message>
    <message>
        <source>Close Session</source>
        <translation>Sitzung schließen</translation>
    </message>
    <message>
        <source>Finish or cancel the running job first.</source>
        <translation>Beenden oder abbrechen Sie zuerst den laufenden Auftrag.</translation>
    </message>
    <message>
        <source>Untitled.vantage</source>
        <translation>Unbenannt.vantage</translation>
    </message>
    <message>
        <source>Save Session As</source>
        <translation>Sitzung speichern unter</translation>
    </message>
    <message>
        <source>Cannot save the session.

%1</source>
        <translation>Die Sitzung kann nicht gespeichert werden.

%1</translation>
    </message>
    <message numerus="yes">
        <source>GPU path built (CUDA runtime %1, NCCL %2); %n GPU(s) visible</source>
        <translation><numerusform>GPU-Pfad gebaut (CUDA-Laufzeit %1, NCCL %2); %n GPU sichtbar</numerusform><numerusform>GPU-Pfad gebaut (CUDA-Laufzeit %1, NCCL %2); %n GPUs sichtbar</numerusform></translation>
    </message>
    <message>
        <source>CPU build (no GPU path)</source>
        <translation>CPU-Build (ohne GPU-Pfad)</translation>
    </message>
    <message>
        <source>About Vantage</source>
        <translation>Über Vantage</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Vantage %1&lt;/h3&gt;&lt;p&gt;A workbench for people who train and serve large models: parallelization frontiers, elastic training, layer-wise GNN evaluation and debiased recommendation.&lt;/p&gt;&lt;p&gt;Build %2 · Qt %3 · %4&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Vantage %1&lt;/h3&gt;&lt;p&gt;Eine Werkbank für alle, die große Modelle trainieren und bereitstellen: Parallelisierungsfronten, elastisches Training, schichtweise GNN-Auswertung und entzerrte Empfehlungen.&lt;/p&gt;&lt;p&gt;Build %2 · Qt %3 · %4&lt;/p&gt;</translation>
    </message>
    <message>
        <source>No page in this build shows runs of engine “%1”.</source>
        <translation>Keine Seite dieses Builds zeigt Läufe der Engine „%1“.</translation>
    </message>
    <message>
        <source>%1 — Vantage</source>
        <translation>%1 — Vantage</translation>
    </message>
    <message>
        <source>Vantage</source>
        <translation>Vantage</translation>
    </message>
    <message>
        <source>Quit Vantage</source>
        <translation>Vantage beenden</translation>
    </message>
    <message>
        <source>A job is still running. Cancel it and quit?</source>
        <translation>Ein Auftrag läuft noch. Abbrechen und beenden?</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederholen</translation>
    </message>
    <message>
        <source>Re&amp;name Run…</source>
        <translation>Lauf &amp;umbenennen…</translation>
    </message>
    <message>
        <source>&amp;Tags…</source>
        <translation>&amp;Schlagwörter…</translation>
    </message>
    <message>
        <source>&amp;Delete Runs</source>
        <translation>Läufe &amp;löschen</translation>
    </message>
    <message>
        <source>Rename Run</source>
        <translation>Lauf umbenennen</translation>
    </message>
    <message>
        <source>Tag Run</source>
        <translation>Lauf verschlagworten</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) deleted. Edit &gt; Undo brings them back.</source>
        <translation><numerusform>%n Lauf gelöscht. Bearbeiten &gt; Rückgängig holt ihn zurück.</numerusform><numerusform>%n Läufe gelöscht. Bearbeiten &gt; Rückgängig holt sie zurück.</numerusform></translation>
    </message>
    <message>
        <source>Delete Runs</source>
        <translation>Läufe löschen</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>Schlagwörter</translation>
    </message>
    <message>
        <source>Tags, separated by commas:</source>
        <translation>Schlagwörter, durch Kommas getrennt:</translation>
    </message>
</context>
<context>
    <name>vantage::gui::SessionBrowser</name>
    <message>
        <source>All engines</source>
        <translation>Alle Engines</translation>
    </message>
    <message>
        <source>Any status</source>
        <translation>Jeder Status</translation>
    </message>
    <message>
        <source>Search runs</source>
        <translation>Läufe durchsuchen</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s)</source>
        <translation><numerusform>%n Lauf</numerusform><numerusform>%n Läufe</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n run(s)</source>
        <translation><numerusform>%1 von %n Lauf</numerusform><numerusform>%1 von %n Läufen</numerusform></translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Anzeigen</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>Umbenennen…</translation>
    </message>
    <message>
        <source>Tags…</source>
        <translation>Schlagwörter…</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n Run(s)</source>
        <translation><numerusform>%n Lauf löschen</numerusform><numerusform>%n Läufe löschen</numerusform></translation>
    </message>
</context>
<context>
    <name>vantage::gui::SessionRunsModel</name>
    <message>
        <source>Frontier</source>
        <translation>Front</translation>
    </message>
    <message>
        <source>Elastic training</source>
        <translation>Elastisches Training</translation>
    </message>
    <message>
        <source>GNN evaluation</source>
        <translation>GNN-Auswertung</translation>
    </message>
    <message>
        <source>Recommendation</source>
        <translation>Empfehlung</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>wartend</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>done</source>
        <translation>fertig</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>#</source>
        <translation>Nr.</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>Engine</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>Schlagwörter</translation>
    </message>
</context>
<context>
    <name>vantage::gui::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>Systemsprache</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Default Session Folder</source>
        <translation>Standardordner für Sitzungen</translation>
    </message>
    <message>
        <source>Follows the system (colours and style of your desktop)</source>
        <translation>Folgt dem System (Farben und Stil Ihres Desktops)</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Sprache:</translation>
    </message>
    <message>
        <source>A new language applies the next time Vantage starts.</source>
        <translation>Eine neue Sprache gilt ab dem nächsten Start von Vantage.</translation>
    </message>
    <message>
        <source>Default session &amp;folder:</source>
        <translation>Standard-Sitzungs&amp;ordner:</translation>
    </message>
    <message>
        <source>Theme:</source>
        <translation>Erscheinungsbild:</translation>
    </message>
    <message>
        <source>The session folder “%1” does not exist.</source>
        <translation>Der Sitzungsordner „%1“ existiert nicht.</translation>
    </message>
</context>
<context>
    <name>vantage::gui::WelcomePage</name>
    <message>
        <source>New Session…</source>
        <translation>Neue Sitzung…</translation>
    </message>
    <message>
        <source>Open Session…</source>
        <translation>Sitzung öffnen…</translation>
    </message>
    <message>
        <source>No session open</source>
        <translation>Keine Sitzung geöffnet</translation>
    </message>
    <message>
        <source>A session is one file (*.vantage) that keeps every run: its inputs, results, charts and exports. Create one or open an existing one to start.</source>
        <translation>Eine Sitzung ist eine Datei (*.vantage), die jeden Lauf festhält: Eingaben, Ergebnisse, Diagramme und Exporte. Legen Sie eine an oder öffnen Sie eine vorhandene.</translation>
    </message>
    <message>
        <source>Cannot read the session: %1</source>
        <translation>Die Sitzung kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>&lt;p&gt;File: &lt;code&gt;%1&lt;/code&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;Datei: &lt;code&gt;%1&lt;/code&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;This session has no runs yet. Pick an engine's tab above to start one.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Diese Sitzung hat noch keine Läufe. Wählen Sie oben den Reiter einer Engine, um einen zu starten.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>vantage::widgets::ChartView</name>
    <message>
        <source>Cannot write “%1”.</source>
        <translation>„%1“ kann nicht geschrieben werden.</translation>
    </message>
    <message>
        <source>Save as PNG…</source>
        <translation>Als PNG speichern…</translation>
    </message>
    <message>
        <source>Save Chart</source>
        <translation>Diagramm speichern</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG-Bilder (*.png)</translation>
    </message>
    <message>
        <source>Save as SVG…</source>
        <translation>Als SVG speichern…</translation>
    </message>
    <message>
        <source>SVG images (*.svg)</source>
        <translation>SVG-Bilder (*.svg)</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
</context>
<context>
    <name>vantage::widgets::ParetoChart</name>
    <message>
        <source>Baselines</source>
        <translation>Vergleichsverfahren</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>Budget</translation>
    </message>
    <message>
        <source>Fastest within budget</source>
        <translation>Schnellste im Budget</translation>
    </message>
    <message>
        <source>Picked</source>
        <translation>Gewählt</translation>
    </message>
    <message>
        <source>Logarithmic axis: %1</source>
        <translation>Logarithmische Achse: %1</translation>
    </message>
</context>
<context>
    <name>vantage::widgets::ProgressArea</name>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>%1: cancelling…</source>
        <translation>%1: wird abgebrochen…</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>vantage::widgets::SvgView</name>
    <message>
        <source>Fit to View</source>
        <translation>An Ansicht anpassen</translation>
    </message>
    <message>
        <source>Actual Size</source>
        <translation>Originalgröße</translation>
    </message>
    <message>
        <source>Save as SVG…</source>
        <translation>Als SVG speichern…</translation>
    </message>
    <message>
        <source>Save Drawing</source>
        <translation>Zeichnung speichern</translation>
    </message>
    <message>
        <source>SVG images (*.svg)</source>
        <translation>SVG-Bilder (*.svg)</translation>
    </message>
</context>
</TS>